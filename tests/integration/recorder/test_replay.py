#!/usr/bin/env python3
"""Flight recorder: record a real server under mixed load, replay it, compare every byte.

    test_replay.py --bin-dir build/bin [--replays N] [--app hello|demo|serve|crash]

For `hello`, `demo` and `serve`: starts the server (the example, or `nodecc serve DIR --port 0
--workers 1 --list` over a generated folder) with NODECC_RECORD=file:..., drives it with
keep-alive clients, pipelined requests, aborted requests, an idle connection closed by the
server's keep-alive timer, slow clients (one trickling its request heads a few bytes at a
time, one reading through a small receive buffer with pauses so that the server's writes meet
a full socket) and, per app, file reads and uploads (demo) or what a static server sees
(serve: conditional requests giving 304, Range requests giving 206, a multipart 206 and 416,
HEAD, 404, a listing, a redirect, large files whole, a client leaving mid-download); stops it
with SIGTERM; then runs `nodecc replay TRACE --out DIR` N times. Each replay must end where the
live run did without a divergence (at the end of the trace, or at serve's own exit, having read
up to the last frame) and print what the live run printed, every replay must have sent exactly
the same bytes to each connection, and each connection's replayed bytes must equal what its
client received from the live server. Every response's status is checked live, and the trace
must show the slow clients' effect: a write or sendfile that met EAGAIN, reads of a few bytes.

For `crash`: tests/integration/recorder/planted_crash.cc crashes only when two clients and a
timer interleave in one order; the ring trace dumped on the crash must replay to a crash with
the same message, and a trace from a different build must be refused.
"""
import argparse
import errno
import filecmp
import os
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

from trace_bytes import signed, varint

HOST = "127.0.0.1"

# The slow clients. A trickled head goes TRICKLE_STEP bytes every TRICKLE_PAUSE s (far below
# the server's 60 s headersTimeout). The slow reader asks for more bytes than a loopback
# socket's send buffer grows to (tcp_wmem's 4 MiB, ~3 MB of data; app_load's counts), reads
# nothing until the server's writes have stopped at the full socket, then reads through a
# receive buffer of SLOW_RCVBUF bytes (the kernel doubles it), SLOW_RECV at a time with
# SLOW_PAUSE s between reads, so that the server's writes stop and resume as it drains.
TRICKLE_STEP = 3
TRICKLE_PAUSE = 0.05
SLOW_RCVBUF = 4096
SLOW_RECV = 8192
SLOW_PAUSE = 0.001
BIG_FILE = 6 << 20  # serve: the large file, read whole, slowly, by range and aborted


def free_port():
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def wait_port(port, proc, timeout=20.0):
    end = time.time() + timeout
    while time.time() < end:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}")
        try:
            with socket.create_connection((HOST, port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"nothing listens on {port}")


def read_announced_port(proc, timeout=20.0):
    """The port in the server's first line of output ("... http://127.0.0.1:PORT/"), for a
    server started with --port 0; returns it with the bytes read, which belong to its output."""
    out = b""
    end = time.time() + timeout
    while b"\n" not in out:
        left = end - time.time()
        if left <= 0 or not select.select([proc.stdout], [], [], left)[0]:
            raise RuntimeError(f"the server announced no port: {out!r}")
        chunk = os.read(proc.stdout.fileno(), 4096)
        if not chunk:
            raise RuntimeError(f"server exited with {proc.wait()}: {out!r}")
        out += chunk
    line = out.split(b"\n")[0].decode()
    return int(line.rstrip("/").rsplit(":", 1)[1]), out


class Request:
    """A request, whether its response has a body (not for HEAD) and the status it must get."""

    def __init__(self, path, extra="", method="GET", status=200):
        self.data = f"{method} {path} HTTP/1.1\r\nHost: t\r\n{extra}\r\n".encode()
        self.head = method == "HEAD"
        self.status = status


def get(path, extra=""):
    return Request(path, extra).data


class Client:
    """One connection; keeps every byte it received, keyed by its local port. A slow client
    (rcvbuf set) reads SLOW_RECV bytes at a time with SLOW_PAUSE between reads."""

    def __init__(self, port, received, rcvbuf=None):
        self.sock = socket.socket()
        if rcvbuf:
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)  # before connect
        self.sock.settimeout(30)
        self.sock.connect((HOST, port))
        self.slow = rcvbuf is not None
        self.name = f"{HOST}-{self.sock.getsockname()[1]}"
        self.received = received
        self.data = bytearray()
        self.reset = False
        self._consumed = 0

    def send(self, b):
        self.sock.sendall(b)

    def trickle(self, b):
        """Sends b TRICKLE_STEP bytes at a time, each its own segment."""
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        for i in range(0, len(b), TRICKLE_STEP):
            self.sock.sendall(b[i:i + TRICKLE_STEP])
            time.sleep(TRICKLE_PAUSE)

    def exchange(self, requests):
        """Reads the responses to `requests` (already sent, in order), checks their status and
        returns them as read_responses does."""
        responses = []
        for r in requests:
            responses += self.read_responses(1, head=r.head)
            if responses[-1][0] != r.status:
                raise AssertionError(f"{self.name}: {r.data!r} got {responses[-1][0]}, "
                                     f"not {r.status}")
        return responses

    def read_responses(self, count, head=False):
        """Reads `count` complete responses (Content-Length or chunked framed; no body for HEAD,
        304 and 204); returns their (status, {lower-case name: value})."""
        responses = []
        while len(responses) < count:
            while True:
                head_end = self.data.find(b"\r\n\r\n", self._consumed)
                if head_end >= 0:
                    break
                self.fill()
            lines = bytes(self.data[self._consumed:head_end]).decode("latin1").split("\r\n")
            status = int(lines[0].split(" ")[1])
            headers = {}
            for line in lines[1:]:
                k, _, v = line.partition(":")
                headers[k.strip().lower()] = v.strip()
            no_body = head or status in (204, 304)
            length = 0 if no_body else int(headers.get("content-length", 0))
            chunked = not no_body and "chunked" in headers.get("transfer-encoding", "")
            pos = head_end + 4
            while chunked:  # size line, data, CRLF ... until the 0-size chunk and its CRLF
                while self.data.find(b"\r\n", pos) < 0:
                    self.fill()
                eol = self.data.find(b"\r\n", pos)
                size = int(bytes(self.data[pos:eol]).split(b";")[0], 16)
                while len(self.data) < eol + 2 + size + 2:
                    self.fill()
                pos = eol + 2 + size + 2
                chunked = size > 0
            while len(self.data) < pos + length:
                self.fill()
            self._consumed = pos + length
            responses.append((status, headers))
        return responses

    def wait_for_server_stall(self, server_port, still=1.0, timeout=20.0):
        """Waits until the server's end of this connection holds bytes and has not taken more
        for `still` s (/proc/net/tcp's tx_queue): the server's writes have met a full socket.
        Reading before that, the reader could keep up with a slow server (a sanitizer build on
        a loaded machine), whose writes would then never stop."""
        local = f"0100007F:{server_port:04X}"
        remote = f"0100007F:{self.sock.getsockname()[1]:04X}"
        queued, changed = -1, time.time()
        end = changed + timeout
        while time.time() < end:
            now = 0
            with open("/proc/net/tcp") as f:
                for line in f:
                    fields = line.split()
                    if fields[1:3] == [local, remote]:
                        now = int(fields[4].split(":")[0], 16)
            if now != queued:
                queued, changed = now, time.time()
            elif now > 0 and time.time() - changed >= still:
                return
            time.sleep(0.05)

    def fill(self):
        chunk = self.sock.recv(SLOW_RECV if self.slow else 65536)
        if not chunk:
            raise EOFError("server closed")
        self.data += chunk
        if self.slow:
            time.sleep(SLOW_PAUSE)

    def read_to_close(self):
        try:
            while True:
                chunk = self.sock.recv(65536)
                if not chunk:
                    break
                self.data += chunk
        except (ConnectionResetError, socket.timeout):
            self.reset = True  # bytes the server wrote may not have reached us

    def close(self, keep=True):
        self.sock.close()
        if keep:
            self.received[self.name] = (bytes(self.data), self.reset)

    def abort(self, keep=False):
        """RST: SO_LINGER 0, so the server sees ECONNRESET. With keep, what was read so far is
        compared as a prefix of what the replay sent."""
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
        self.sock.close()
        if keep:
            self.received[self.name] = (bytes(self.data), True)


def make_site(tmp):
    """The folder `serve` serves: small files, a 256 KiB file and a BIG_FILE one, a folder
    without index.html (listed: --list) and one with its index.html."""
    site = os.path.join(tmp, "site")
    files = {
        "index.html": b"<!DOCTYPE html><title>replay</title><p>served by nodecc serve</p>\n",
        "small.txt": b"a small file\n",
        "style.css": b"body { color: #333; margin: 0 auto; max-width: 40em }\n" * 40,
        "data.json": b'{"name": "replay", "values": [1, 2, 3]}\n',
        "medium.bin": os.urandom(256 << 10),
        "big.bin": os.urandom(BIG_FILE),
        "listed/a.txt": b"a\n",
        "listed/b.css": b"p { margin: 0 }\n",
        "listed/c.bin": os.urandom(3000),
        "docs/index.html": b"<!DOCTYPE html><title>docs</title><p>the docs</p>\n",
    }
    for name, data in files.items():
        path = os.path.join(site, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)
    return site


def app_load(app, first_headers):
    """An app's requests: (the keep-alive and pipelined clients' cycle, the two requests the
    trickling client sends, the slow reader's request and how many times it pipelines it).
    first_headers: those of the idle client's response to first_request(app)."""
    if app == "hello":
        cycle = [Request("/"), Request("/x?value=1")]
        return cycle, [Request("/x?value=trickled"), Request("/", "User-Agent: slow\r\n")], \
            Request("/"), 40000  # ~162 bytes each: 6.5 MB
    if app == "demo":
        cycle = [Request("/"), Request("/style.css"), Request("/echo?value=abc"),
                 Request("/missing", status=404)]
        return cycle, [Request("/echo?value=trickled"), Request("/style.css")], \
            Request("/"), 3600  # ~1.7 kB each, each a file read: 6.1 MB
    etag, modified = first_headers["etag"], first_headers["last-modified"]
    cycle = [
        Request("/"),
        Request("/small.txt"),
        Request("/small.txt", f"If-None-Match: {etag}\r\n", status=304),
        Request("/style.css"),
        Request("/small.txt", f"If-Modified-Since: {modified}\r\n", status=304),
        Request("/medium.bin", "Range: bytes=1000-1999\r\n", status=206),
        Request("/big.bin", "Range: bytes=0-99,3000000-3000099,-100\r\n", status=206),  # multipart
        Request("/big.bin", method="HEAD"),
        Request("/listed/"),
        Request("/listed", status=301),
        Request("/docs/"),
        Request("/missing.txt", status=404),
        Request("/small.txt", "Range: bytes=500-600\r\n", status=416),
        Request("/data.json", method="HEAD"),
        Request("/medium.bin", 'If-None-Match: "other"\r\n'),
        Request("/data.json"),
    ]
    trickled = [Request("/small.txt", f"If-None-Match: {etag}\r\nUser-Agent: slow\r\n", status=304),
                Request("/big.bin", "Range: bytes=10-19,5000000-5000009\r\n", status=206)]
    return cycle, trickled, Request("/big.bin"), 1


def first_request(app):
    return Request("/small.txt") if app == "serve" else Request("/")


def run_threads(calls, timeout=180):
    """Runs each (function, args) on its own thread; raises the first failure."""
    errors = []

    def run(f, args):
        try:
            f(*args)
        except BaseException as e:  # noqa: BLE001 - reported below, with the thread's call
            errors.append(f"{f.__name__}{args}: {e!r}")

    threads = [threading.Thread(target=run, args=call) for call in calls]
    for t in threads:
        t.start()
    end = time.time() + timeout
    for t in threads:
        t.join(max(0.0, end - time.time()))
    if any(t.is_alive() for t in threads):
        raise AssertionError(f"load clients still running after {timeout} s")
    if errors:
        raise AssertionError("load client failed: " + "; ".join(errors))


def load(port, app, received):
    idle = Client(port, received)  # closed by the server's keep-alive timer (5 s)
    idle.send(first_request(app).data)
    (_, first_headers), = idle.exchange([first_request(app)])
    cycle, trickled_requests, slow_request, slow_count = app_load(app, first_headers)

    def keepalive(n):
        c = Client(port, received)
        for i in range(n):
            r = cycle[i % len(cycle)]
            c.send(r.data)
            c.exchange([r])
        c.close()

    def pipelined():
        c = Client(port, received)
        batch = [cycle[i % len(cycle)] for i in range(16)]
        c.send(b"".join(r.data for r in batch))
        c.exchange(batch)
        c.send(get("/", "Connection: close\r\n"))
        c.read_to_close()
        c.close()

    def aborted():
        c = Client(port, received)
        c.send(b"GET / HTTP/1.1\r\nHost: t\r\n")  # head never finished
        time.sleep(0.01)
        c.abort()
        c = Client(port, received)
        c.send(cycle[0].data * 4)
        c.abort()  # before reading: the server's writes may fail

    def upload():
        c = Client(port, received)
        body = os.urandom(100000)
        c.send(b"POST /api/upload HTTP/1.1\r\nHost: t\r\nContent-Length: %d\r\n\r\n" % len(body))
        for i in range(0, len(body), 7000):
            c.send(body[i:i + 7000])
        c.read_responses(1)
        c.close()
        c = Client(port, received)
        c.send(b"POST /api/upload HTTP/1.1\r\nHost: t\r\nContent-Length: 50000\r\n\r\n" + body[:1000])
        time.sleep(0.01)
        c.abort()

    def download():
        c = Client(port, received)  # a large file whole, a range pipelined behind it
        batch = [Request("/big.bin"), Request("/medium.bin", "Range: bytes=-5000\r\n", status=206)]
        c.send(b"".join(r.data for r in batch))
        c.exchange(batch)
        c.close()
        c = Client(port, received)  # leaves mid-download
        c.send(get("/big.bin"))
        while len(c.data) < 256 << 10:
            c.fill()
        c.abort(keep=True)

    def trickled():
        c = Client(port, received)
        for r in trickled_requests:
            c.trickle(r.data)
            c.exchange([r])
        c.close()

    def slow_reader():
        c = Client(port, received, rcvbuf=SLOW_RCVBUF)
        batch = [slow_request] * slow_count
        # Sent from another thread: the server may stop reading while its writes wait.
        sender = threading.Thread(target=c.send, args=(b"".join(r.data for r in batch),))
        sender.start()
        c.wait_for_server_stall(port)
        c.exchange(batch)
        sender.join()
        c.close()

    calls = [(trickled, ()), (slow_reader, ())]
    for round_ in range(3):
        calls += [(keepalive, (n,)) for n in (5, 20, 50)]
        calls += [(pipelined, ()), (aborted, ())]
        if app == "demo":
            calls.append((upload, ()))
        if app == "serve":
            calls.append((download, ()))
    run_threads(calls)
    idle.read_to_close()  # the keep-alive timeout ends it
    idle.close()


def server_command(bin_dir, app, tmp):
    """The server's argv and port (None: it picks one, --port 0, and announces it)."""
    if app == "serve":
        return [os.path.join(bin_dir, "nodecc"), "serve", make_site(tmp), "--port", "0",
                "--workers", "1", "--list"], None
    port = free_port()
    return [os.path.join(bin_dir, "example-" + app), "--port", str(port)], port


def record(bin_dir, app, tmp):
    argv, port = server_command(bin_dir, app, tmp)
    trace = os.path.join(tmp, app + ".trace")
    env = dict(os.environ, NODECC_RECORD="file:" + trace)
    proc = subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    received = {}
    started = time.time()
    announced = b""
    try:
        if port is None:
            port, announced = read_announced_port(proc)
        wait_port(port, proc)
        load(port, app, received)
        time.sleep(0.2)
    finally:
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=30)
    live = {"stdout": announced + out, "stderr": err, "status": proc.returncode}
    return trace, received, live, time.time() - started


def frames(data):
    """The frames of a trace file's bytes as (type, offset, payload offset, payload length).
    The format of src/recorder/trace_format.h and frame.h: a header (8-byte magic, 4-byte
    version, 8-byte first frame, a flags byte, a varint length and that many bytes), then
    [type][varint length][payload] frames. One file: the tests ask for no rotation."""
    n, i = varint(data, 21)
    i += n
    while i < len(data):
        start = i
        n, i = varint(data, i + 1)
        yield data[start], start, i, n
        i += n


def slow_client_frames(data):
    """What the slow clients left in the trace: (write and sendfile frames that returned
    EAGAIN, the server's writes meeting a full socket; recv frames of 1 to 15 bytes, pieces of
    a trickled head, whole or merged when the server was busy: every other client sends at
    least a request line at once). A write's and a sendfile's payload begins with its zigzag
    varint result, a recv's with its fd and count."""
    blocked = pieces = 0
    for kind, _, i, _ in frames(data):
        if kind in (5, 6):  # kWrite, kSendfile
            blocked += signed(data, i)[0] == -errno.EAGAIN
        elif kind == 4:  # kRecv
            count = signed(data, varint(data, i)[1])[0]
            pieces += 0 < count < 16
    return blocked, pieces


def check_reads_to_last_frame(bin_dir, data, tmp):
    """A replay that exits by itself stops reading the trace there, and says nothing of frames
    it left unread: that it had read up to the last one shows in a replay of the trace without
    that frame, which must stop at its end, asking for one more."""
    starts = [start for _, start, _, _ in frames(data)]
    cut = os.path.join(tmp, "without-last-frame.trace")
    with open(cut, "wb") as f:
        f.write(data[:starts[-1]])
    r = subprocess.run([os.path.join(bin_dir, "nodecc"), "replay", cut], capture_output=True,
                       timeout=120)
    want = f"end of trace after {len(starts) - 1} frames".encode()
    if r.returncode != 0 or want not in r.stderr:
        raise AssertionError(f"the trace without its last frame replayed to status "
                             f"{r.returncode}, {r.stderr[-2000:]!r}: the replay exited before "
                             f"the last of the {len(starts)} frames")
    os.remove(cut)


def replay(bin_dir, trace, out_dir, live):
    """Replays the trace, which must end as the live run did: killed by its SIGTERM (hello,
    demo), the replay stops at the end of the trace and says so; ending itself (nodecc serve
    exits once its server has closed), the replay exits there too, with the live run's status
    and messages."""
    os.makedirs(out_dir)
    r = subprocess.run([os.path.join(bin_dir, "nodecc"), "replay", trace, "--out", out_dir],
                       capture_output=True, timeout=120)
    err = r.stderr.decode(errors="replace")
    at_end = r.returncode == 0 and "end of trace" in err
    exited_alike = r.returncode == live["status"] and r.stderr == live["stderr"]
    if not at_end and not exited_alike:
        raise AssertionError(f"replay failed ({r.returncode}; the live run {live['status']}):\n"
                             f"{err[-3000:]}")
    if r.stdout != live["stdout"]:
        raise AssertionError(f"the replay printed {r.stdout!r}, the live run {live['stdout']!r}")
    return at_end


def check_app(bin_dir, app, replays, tmp):
    trace, received, live, live_seconds = record(bin_dir, app, tmp)
    size = sum(os.path.getsize(os.path.join(tmp, f)) for f in os.listdir(tmp)
               if f.startswith(app + ".trace"))
    trace_bytes = open(trace, "rb").read()
    blocked, pieces = slow_client_frames(trace_bytes)
    if blocked == 0:
        raise AssertionError("no write or sendfile met a full socket: the slow reader was not slow")
    if pieces == 0:
        raise AssertionError("no read of fewer than 16 bytes: no head was trickled")
    first = None
    replay_seconds = []
    for i in range(replays):
        out_dir = os.path.join(tmp, f"{app}-replay-{i}")
        t0 = time.time()
        at_end = replay(bin_dir, trace, out_dir, live)
        replay_seconds.append(time.time() - t0)
        if i == 0 and not at_end:
            check_reads_to_last_frame(bin_dir, trace_bytes, tmp)
        if first is None:
            first = out_dir
            compared = prefixes = 0
            for name, (data, reset) in received.items():
                path = os.path.join(out_dir, name)
                got = open(path, "rb").read() if os.path.exists(path) else b""
                if reset and got.startswith(data):
                    prefixes += 1  # a reset cut what the client read short
                    continue
                if got != data:
                    raise AssertionError(f"{name}: the client received {len(data)} bytes, "
                                         f"the replay sent {len(got)}:\n{data[-300:]!r}\n"
                                         f"{got[-300:]!r}")
                compared += 1
        else:
            cmp = filecmp.dircmp(first, out_dir)
            if cmp.left_only or cmp.right_only or cmp.diff_files:
                raise AssertionError(f"replay {i} differs from replay 0: {cmp.diff_files} "
                                     f"{cmp.left_only} {cmp.right_only}")
            for name in os.listdir(first):
                if not filecmp.cmp(os.path.join(first, name), os.path.join(out_dir, name),
                                   shallow=False):
                    raise AssertionError(f"replay {i}: {name} differs from replay 0")
        if i > 0:
            shutil.rmtree(out_dir)
    conns = len(os.listdir(first))
    # Status lines in what the server sent (no body here holds "HTTP/1.1 " but by chance).
    responses = sum(open(os.path.join(first, f), "rb").read().count(b"HTTP/1.1 ")
                    for f in os.listdir(first))
    replay_seconds.sort()
    print(f"{app}: trace {size} bytes, {conns} connections, {responses} responses, {blocked} "
          f"writes met a full socket, {pieces} reads of a trickled piece; {replays} replays "
          f"identical, {compared} client byte streams equal to the replay's ({prefixes} reset "
          f"clients: a prefix); recording {live_seconds:.2f} s wall, replay median "
          f"{replay_seconds[len(replay_seconds) // 2]:.2f} s (min {replay_seconds[0]:.2f}, "
          f"max {replay_seconds[-1]:.2f})")


def crash_env():
    """The environment of a program that must die by SIGSEGV: under AddressSanitizer its own
    SEGV handler would report and exit(1) before the recorder's handler could dump the ring."""
    env = dict(os.environ)
    env["ASAN_OPTIONS"] = ":".join(filter(None, [env.get("ASAN_OPTIONS", ""), "handle_segv=0"]))
    return env


def check_crash(bin_dir, replays, tmp):
    """Random /a, /b, /c traffic from two clients until the planted bug crashes the server in
    ring mode; the dumped trace must replay to the same crash, N times."""
    import random
    exe = os.path.join(bin_dir, "recorder-planted-crash")
    trace = os.path.join(tmp, "crash.trace")
    rng = random.Random(2126)
    live = None
    for attempt in range(5):
        port = free_port()
        env = dict(crash_env(), NODECC_RECORD=f"ring:64M,path={trace}")
        proc = subprocess.Popen([exe, "--port", str(port)], env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE)
        wait_port(port, proc)
        deadline = time.time() + 60

        def client():
            try:
                while proc.poll() is None and time.time() < deadline:
                    c = socket.create_connection((HOST, port), timeout=5)
                    for _ in range(rng.randint(1, 20)):
                        c.sendall(get(rng.choice(["/a", "/b", "/c", "/d"])))
                        if not c.recv(4096):
                            break
                        time.sleep(rng.random() * 0.012)
                    c.close()
            except OSError:
                pass  # the server crashed under us

        threads = [threading.Thread(target=client) for _ in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(90)
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
            continue
        out, err = proc.communicate()
        if proc.returncode == -signal.SIGSEGV:
            live = out
            break
    if live is None:
        raise AssertionError("the planted interleaving never happened in 5 minutes of load")
    if b"trace written to" not in err:
        raise AssertionError(f"no trace dumped on the crash: {err!r}")
    crash_line = [l for l in live.splitlines() if b"crashing" in l][-1]
    for i in range(replays):
        r = subprocess.run([os.path.join(bin_dir, "nodecc"), "replay", trace], capture_output=True,
                           timeout=120, env=crash_env())
        if r.returncode != -signal.SIGSEGV or r.stdout != live:
            raise AssertionError(f"replay {i}: status {r.returncode}, stdout {r.stdout[-300:]!r}, "
                                 f"stderr {r.stderr[-2000:]!r}; the live run printed {live[-300:]!r}")
    # Another build refuses the trace.
    r = subprocess.run([os.path.join(bin_dir, "nodecc"), "replay", trace, "--",
                        os.path.join(bin_dir, "example-hello")], capture_output=True, timeout=60)
    if r.returncode != 2 or b"was recorded by build" not in r.stderr:
        raise AssertionError(f"another build's replay was not refused: {r.returncode} {r.stderr!r}")
    # A truncated trace is an error, not a crash.
    data = open(trace, "rb").read()
    cut = os.path.join(tmp, "cut.trace")
    open(cut, "wb").write(data[:len(data) // 2 + 3])
    r = subprocess.run([os.path.join(bin_dir, "nodecc"), "replay", cut], capture_output=True,
                       timeout=60)
    if r.returncode != 2 or b"truncated" not in r.stderr and b"corrupt" not in r.stderr:
        raise AssertionError(f"a truncated trace was not refused: {r.returncode} {r.stderr!r}")
    print(f"crash: {crash_line.decode()}; trace {len(data)} bytes; {replays} replays crashed "
          f"with SIGSEGV after the same output; another build and a truncated trace refused")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin-dir", required=True)
    ap.add_argument("--replays", type=int, default=10)
    ap.add_argument("--app", default="hello")
    ap.add_argument("--keep", action="store_true",
                    help="on a failure, leave the trace and the replays' output, and say where")
    args = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="nodecc-replay-")
    ok = False
    try:
        if args.app == "crash":
            check_crash(args.bin_dir, args.replays, tmp)
        else:
            check_app(args.bin_dir, args.app, args.replays, tmp)
        ok = True
    finally:
        if ok or not args.keep:
            shutil.rmtree(tmp, ignore_errors=True)
        else:
            print(f"kept {tmp}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
