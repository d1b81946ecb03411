#!/usr/bin/env python3
"""Slow clients cannot take the server down.

1. Slowloris: 2,000 connections trickle a request head (one byte every --interval s) and are
   re-opened as soon as the server closes them. headersTimeout (3 s here) closes every one with
   a 408 within the timeout plus a slack, and a concurrent wrk keeps >= 90% of the req/s it gets
   alone. Solo and loaded wrk runs alternate and the medians are compared; when the solo runs
   themselves spread by more than the margin (a busy shared machine), more rounds are run and,
   failing a clear verdict, a looser 70% bound is checked and the output says so. (Under ASan:
   70%, and 50% when noisy.)
2. Slow POST bodies: 500 connections send a complete head and then a few body bytes every
   0.5 s; requestTimeout (3 s) answers each 408 and closes it; /hello stays fast meanwhile.
   With --tls (robusttest.parse_args) the trickled bytes are a TLS ClientHello: handshakeTimeout
   (3 s) closes each connection (without an answer: there is no HTTP yet), wrk runs over https.
3. Slow readers: 20 clients read 100 MB responses at a trickle, through small receive windows.
   The server holds about highWaterMark per connection (RSS sampled); control: one response
   written without waiting for 'drain' shows in RSS, so the measurement sees queued bytes.
   The same with a 100 MB static file (serveStatic: sendfile, no user-space copy).
"""
import collections
import errno
import os
import select
import shutil
import socket
import tempfile
import threading
import time

import robusttest
from robusttest import httptest  # noqa: I100 - robusttest puts ../http on sys.path
from robusttest import (HOST, Reader, check, connect, fd_count, get_request, median, parse_args,
                        pattern, raise_own_nofile, robust_server, run, scheme, wait_fds, wrk)

HEADERS_TIMEOUT_MS = 3000
REQUEST_TIMEOUT_MS = 3000


class Slowloris(threading.Thread):
    """Keeps `count` connections trickling a request head (or `head`: a TLS ClientHello) while
    holding() is on; records how long each lived when the server closed it and the first bytes
    it answered."""

    HEAD = b"GET /hello HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"s" * 4096

    def __init__(self, port, count, interval, head=None):
        super().__init__(daemon=True)
        self.head = head or self.HEAD
        self.port = port
        self.count = count
        self.interval = interval
        self.hold = threading.Event()
        self.quit = threading.Event()
        self.lock = threading.Lock()
        self.closed = []  # (lifetime s, answer's first bytes, bytes sent) of those the server closed
        self.opened = 0
        self.connect_errors = 0
        self.live = 0
        self.bytes_sent = 0
        self.failure = None

    def run(self):
        try:
            self._run()
        except Exception as e:  # noqa: BLE001 - reported by the test
            self.failure = repr(e)

    def _run(self):
        ep = select.epoll()
        conns = {}  # fd -> [sock, opened at, sent, response bytes, gen]
        due = collections.deque()  # (time, fd, gen), in time order (one interval for all)
        gen = 0
        while not self.quit.is_set():
            now = time.monotonic()
            if self.hold.is_set():
                # Ramp: at most 250 new connections per pass, so the accept queue keeps up.
                for _ in range(min(250, self.count - len(conns))):
                    s = socket.socket()
                    s.setblocking(False)
                    rc = s.connect_ex((HOST, self.port))
                    if rc not in (0, errno.EINPROGRESS):
                        s.close()
                        self.connect_errors += 1
                        break
                    gen += 1
                    conns[s.fileno()] = [s, time.monotonic(), 0, b"", gen]
                    ep.register(s.fileno(), select.EPOLLIN | select.EPOLLOUT)
                    self.opened += 1
            elif conns:
                for fd, c in conns.items():
                    c[0].close()
                conns.clear()
                due.clear()
                ep.close()
                ep = select.epoll()
            while due and due[0][0] <= now:
                _, fd, g = due.popleft()
                c = conns.get(fd)
                if c is None or c[4] != g or c[2] >= len(self.head):
                    continue
                try:
                    c[0].send(self.head[c[2]:c[2] + 1])
                    c[2] += 1
                    self.bytes_sent += 1
                except OSError:
                    pass  # closed by the server: the read side reports it
                due.append((now + self.interval, fd, g))
            for fd, ev in ep.poll(0.01):
                c = conns.get(fd)
                if c is None:
                    continue
                if ev & select.EPOLLOUT:
                    ep.modify(fd, select.EPOLLIN)
                    try:
                        c[0].send(self.head[:1])
                        c[2] = 1
                        self.bytes_sent += 1
                    except OSError:
                        pass
                    due.append((time.monotonic() + self.interval, fd, c[4]))
                if ev & (select.EPOLLIN | select.EPOLLHUP | select.EPOLLERR):
                    try:
                        data = c[0].recv(4096)
                    except BlockingIOError:
                        continue
                    except OSError:
                        data = b""
                    if data:
                        c[3] += data
                        continue
                    lifetime = time.monotonic() - c[1]
                    with self.lock:
                        self.closed.append((lifetime, c[3][:16], c[2]))
                    ep.unregister(fd)
                    c[0].close()
                    del conns[fd]
            self.live = len(conns)
        for c in conns.values():
            c[0].close()
        ep.close()

    def take_closed(self):
        with self.lock:
            out, self.closed = self.closed, []
        return out


def slowloris_vs_wrk(args, srv):
    count = 2000
    interval = args.interval
    t = HEADERS_TIMEOUT_MS / 1000
    # Timers fire on the loop's clock, late on a loaded machine (4.4 s seen at load 11).
    slack = 3.0 if httptest.SANITIZED else 2.0
    url = f"{scheme()}://{HOST}:{srv.port}/hello"
    tls = robusttest.TLS
    if tls:
        # A handshake never finished: closed at handshakeTimeout without an answer, or with
        # an alert record at most.
        answered = lambda first: first == b"" or first[:1] == b"\x15"  # noqa: E731
        answer = "closed unanswered (or an alert)"
    else:
        answered = lambda first: first.startswith(b"HTTP/1.1 408")  # noqa: E731
        answer = "with a 408"
    # Under ASan the sanitizer multiplies the server's cost per request, and the Python client's
    # share of the two cores weighs more: the bounds are lower there.
    bound, loose = (0.70, 0.50) if httptest.SANITIZED else (0.90, 0.70)
    base_fds = fd_count(srv.pid)
    attacker = Slowloris(srv.port, count, interval, head=tls.client_hello() if tls else None)
    attacker.start()
    solo, loaded, lifetimes = [], [], []
    got408 = 0
    trickled = 0

    def one_round():
        nonlocal got408, trickled
        rps, _ = wrk(url)
        solo.append(rps)
        attacker.hold.set()
        start = time.monotonic()
        check(httptest.wait_until(lambda: attacker.live >= count, 10),
              f"slowloris: only {attacker.live} of {count} connections open")
        # Past the first timeouts: connections are being closed and re-opened throughout.
        time.sleep(max(0.0, t + 0.5 - (time.monotonic() - start)))
        rps, errors = wrk(url)
        loaded.append(rps)
        live_during = attacker.live
        attacker.hold.clear()
        closed = attacker.take_closed()
        check(closed, "slowloris: the server closed no connection")
        lifetimes.extend(c[0] for c in closed)
        got408 += sum(1 for c in closed if answered(c[1]))
        trickled += sum(1 for c in closed if c[2] > 1)
        check(wait_fds(srv.pid, base_fds + 5, 10) <= base_fds + 5,
              f"slowloris: server fds did not come back to {base_fds}")
        print(f"  round: solo {solo[-1]:.0f} req/s, with {live_during} slow connections "
              f"{loaded[-1]:.0f} req/s; {len(closed)} closed by the server"
              f"{errors and ', wrk ' + errors}")

    try:
        rounds = 3
        for _ in range(rounds):
            one_round()
        ratio = median(loaded) / median(solo)
        spread = (max(solo) - min(solo)) / median(solo)
        # Not clear-cut and noisy: more rounds before a verdict.
        while ratio < bound and spread > 0.10 and len(solo) < 6:
            one_round()
            ratio = median(loaded) / median(solo)
            spread = (max(solo) - min(solo)) / median(solo)
    finally:
        attacker.quit.set()
        attacker.join(10)
    check(attacker.failure is None, f"slowloris client failed: {attacker.failure}")
    n = len(lifetimes)
    print(f"slowloris: {attacker.opened} connections opened ({count} at a time, a byte every "
          f"{interval} s); {n} closed by the server after "
          f"{min(lifetimes):.2f}..{max(lifetimes):.2f} s "
          f"({'handshakeTimeout' if tls else 'headersTimeout'} {t} s), {got408} {answer}, "
          f"{trickled} after trickling > 1 byte")
    print(f"wrk /hello: solo median {median(solo):.0f} req/s, under slowloris median "
          f"{median(loaded):.0f} req/s: {100 * ratio:.1f}% (solo runs spread {100 * spread:.0f}%)")
    check(n >= count, f"slowloris: only {n} connections were closed by the server")
    check(min(lifetimes) >= 0.8 * t, f"slowloris: a connection closed after {min(lifetimes):.2f} s")
    check(max(lifetimes) <= t + slack,
          f"slowloris: a connection lived {max(lifetimes):.2f} s (headersTimeout {t} s)")
    check(got408 >= 0.99 * n, f"slowloris: only {got408} of {n} closed connections {answer}")
    if interval < t:
        check(trickled >= 0.9 * n, f"slowloris: only {trickled} of {n} trickled before closing")
    if ratio >= bound:
        return
    if spread <= 0.10:
        check(False, f"wrk under slowloris: {100 * ratio:.1f}% of solo (< {100 * bound:.0f}%, "
                     f"solo runs consistent within {100 * spread:.0f}%)")
    print(f"NOTE: machine too busy to judge the {100 * bound:.0f}% bound (solo runs spread "
          f"{100 * spread:.0f}%); checking the looser {100 * loose:.0f}% bound instead")
    check(ratio >= loose, f"wrk under slowloris: {100 * ratio:.1f}% of solo (< {100 * loose:.0f}%)")


def slow_posts(args, srv):
    count = 200 if httptest.SANITIZED else 500
    r = REQUEST_TIMEOUT_MS / 1000
    slack = 3.0 if httptest.SANITIZED else 1.5
    socks = []
    ep = select.epoll()
    opened = {}
    head = b"POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\n"
    for _ in range(count):
        s = socket.create_connection((HOST, srv.port), timeout=5)
        s.sendall(head + b"x" * 10)
        opened[s.fileno()] = time.monotonic()
        s.setblocking(False)
        ep.register(s.fileno(), select.EPOLLIN)
        socks.append(s)
    by_fd = {s.fileno(): s for s in socks}
    replies = {}
    lifetimes = {}
    worst_hello = 0.0
    next_drip = time.monotonic() + 0.5
    deadline = time.monotonic() + r + slack + 5
    try:
        while len(lifetimes) < count and time.monotonic() < deadline:
            now = time.monotonic()
            if now >= next_drip:
                next_drip = now + 0.5
                for fd, s in by_fd.items():
                    if fd not in lifetimes:
                        try:
                            s.send(b"x" * 10)
                        except OSError:
                            pass
                start = time.monotonic()
                with connect(srv.port, 5) as h:
                    h.sendall(get_request("/hello", close=True))
                    check(Reader(h).read().status == 200, "/hello during slow POSTs")
                worst_hello = max(worst_hello, time.monotonic() - start)
            for fd, _ in ep.poll(0.05):
                try:
                    data = by_fd[fd].recv(4096)
                except BlockingIOError:
                    continue
                except OSError:
                    data = b""
                if data:
                    replies[fd] = replies.get(fd, b"") + data
                    continue
                lifetimes[fd] = time.monotonic() - opened[fd]
                ep.unregister(fd)
    finally:
        for s in socks:
            s.close()
        ep.close()
    check(len(lifetimes) == count, f"slow POST: {count - len(lifetimes)} of {count} still open "
                                   f"after {r + slack + 5:.0f} s")
    got408 = sum(1 for fd in lifetimes if replies.get(fd, b"").startswith(b"HTTP/1.1 408"))
    lo, hi = min(lifetimes.values()), max(lifetimes.values())
    print(f"slow POST bodies: {count} connections closed after {lo:.2f}..{hi:.2f} s "
          f"(requestTimeout {r} s), {got408} with a 408; /hello meanwhile within "
          f"{worst_hello * 1000:.0f} ms")
    check(got408 == count, f"slow POST: only {got408} of {count} got a 408")
    check(lo >= 0.8 * r and hi <= r + slack, f"slow POST closed after {lo:.2f}..{hi:.2f} s")
    check(worst_hello < 1.0, f"/hello took {worst_hello:.2f} s during the slow POSTs")


def slow_readers(srv, path_of, what, bound_per_conn, expected_prefix):
    """20 slow readers of 100 MB responses; returns the RSS growth."""
    readers = 20
    seconds = 4.0
    socks = []
    for i in range(readers):
        s = socket.socket()
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 32768)
        s.settimeout(10)
        s.connect((HOST, srv.port))
        socks.append(s)
    # Warm up the server's per-connection state first (one small exchange each).
    for s in socks:
        s.sendall(get_request("/hello"))
        Reader(s).read()
    got = [b""] * readers
    with httptest.RssSampler(srv.pid) as rss:
        for i, s in enumerate(socks):
            s.sendall(get_request(path_of(i)))
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            for i, s in enumerate(socks):
                data = s.recv(16384)
                check(data, f"{what}: the server closed reader {i}")
                if len(got[i]) < (1 << 20):
                    got[i] += data
            time.sleep(0.02)
        time.sleep(0.2)
    for s in socks:
        s.close()
    for i in range(readers):
        head = got[i].find(b"\r\n\r\n")
        check(head > 0 and got[i].startswith(b"HTTP/1.1 200"),
              f"{what}: reader {i}: {got[i][:100]!r}")
        body = got[i][head + 4:]
        check(body == expected_prefix(i, len(body)), f"{what}: reader {i} got bytes not its own")
    bound = readers * bound_per_conn + (2 << 20) + httptest.rss_slack()
    print(f"{what}: {readers} slow readers of 100 MB for {seconds:.0f} s: RSS "
          f"{rss.baseline >> 10} KiB -> peak {rss.peak >> 10} KiB (+{rss.growth >> 10} KiB, "
          f"{rss.growth // readers >> 10} KiB per reader; bound {bound >> 10} KiB)")
    check(rss.growth < bound,
          f"{what}: RSS grew {rss.growth >> 10} KiB with {readers} slow readers")
    return rss.growth


def slow_reader_tests(args):
    body = 100 << 20
    hwm = 16384
    piece = 16384
    # What a connection may hold: its write queue up to highWaterMark plus the piece that
    # crossed it, and the read buffer and request state.
    per_conn = hwm + piece + (64 << 10)
    with robust_server(args.bin_dir, "--hwm", str(hwm), nofile=4096) as srv:
        slow_readers(srv, lambda i: f"/pattern?id={i}&bytes={body}&piece={piece}",
                     "/pattern (write + 'drain')", per_conn, lambda i, n: pattern(i, n))
        # Control: the same response written without waiting for 'drain' is all queued.
        with httptest.RssSampler(srv.pid) as rss:
            s = socket.socket()
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 32768)
            s.connect((HOST, srv.port))
            s.sendall(get_request(f"/pattern?id=1&bytes={body}&piece=65536&ignore_drain=1"))
            time.sleep(1.0)
            s.recv(1000)
            s.close()
        print(f"control, 'drain' ignored: RSS +{rss.growth >> 10} KiB")
        check(rss.growth > body // 2,
              f"control: a response ignoring 'drain' grew RSS only {rss.growth >> 10} KiB: "
              "the measurement misses queued bytes")
    root = tempfile.mkdtemp(prefix="nodecc-robust-slow-")
    try:
        block = pattern(7, 1 << 20)
        with open(os.path.join(root, "big.bin"), "wb") as f:
            for _ in range(body >> 20):
                f.write(block)
        with robust_server(args.bin_dir, "--static", root, nofile=4096) as srv:
            slow_readers(srv, lambda i: "/big.bin", "serveStatic 100 MB file (sendfile)",
                         64 << 10, lambda i, n: block[:n])
    finally:
        shutil.rmtree(root, ignore_errors=True)


def main():
    def extra(ap):
        ap.add_argument("--interval", type=float, default=1.0,
                        help="seconds between the slowloris bytes")
        ap.add_argument("--only", default="", help="slowloris, posts or readers")
    args = parse_args(extra)
    raise_own_nofile(8192)
    if not args.only or args.only == "slowloris":
        opts = ["--headers-timeout", str(HEADERS_TIMEOUT_MS), "--request-timeout", "10000",
                "--handshake-timeout", str(HEADERS_TIMEOUT_MS)]
        with robust_server(args.bin_dir, *opts, nofile=8192) as srv:
            slowloris_vs_wrk(args, srv)
    if not args.only or args.only == "posts":
        opts = ["--headers-timeout", "2000", "--request-timeout", str(REQUEST_TIMEOUT_MS)]
        with robust_server(args.bin_dir, *opts, nofile=8192) as srv:
            slow_posts(args, srv)
    if not args.only or args.only == "readers":
        slow_reader_tests(args)


if __name__ == "__main__":
    run(main)
