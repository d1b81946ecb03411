#!/usr/bin/env python3
"""Flight recorder: record a real server under mixed load, replay it, compare every byte.

    test_replay.py --bin-dir build/bin [--replays N] [--app hello|demo|crash]

For `hello` and `demo`: starts the example with NODECC_RECORD=file:..., drives it with
keep-alive clients, pipelined requests, aborted requests, an idle connection closed by the
server's keep-alive timer and (demo) file reads and uploads; stops it with SIGTERM; then runs
`nodecc replay TRACE --out DIR` N times. Each replay must end at the end of the trace (no
divergence), every replay must have sent exactly the same bytes to each connection, and each
connection's replayed bytes must equal what its client received from the live server.

For `crash`: tests/integration/recorder/planted_crash.cc crashes only when two clients and a
timer interleave in one order; the ring trace dumped on the crash must replay to a crash with
the same message, and a trace from a different build must be refused.
"""
import argparse
import filecmp
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

HOST = "127.0.0.1"


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


class Client:
    """One connection; keeps every byte it received, keyed by its local port."""

    def __init__(self, port, received):
        self.sock = socket.create_connection((HOST, port), timeout=10)
        self.name = f"{HOST}-{self.sock.getsockname()[1]}"
        self.received = received
        self.data = bytearray()
        self.reset = False

    def send(self, b):
        self.sock.sendall(b)

    def read_responses(self, count):
        """Reads `count` complete responses (Content-Length framed)."""
        done = 0
        while done < count:
            while True:
                head_end = self.data.find(b"\r\n\r\n", self.consumed())
                if head_end >= 0:
                    break
                self.fill()
            head = bytes(self.data[self.consumed():head_end]).decode("latin1")
            length = 0
            chunked = False
            for line in head.split("\r\n")[1:]:
                k, _, v = line.partition(":")
                if k.strip().lower() == "content-length":
                    length = int(v.strip())
                if k.strip().lower() == "transfer-encoding" and "chunked" in v:
                    chunked = True
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
            done += 1

    def consumed(self):
        return getattr(self, "_consumed", 0)

    def fill(self):
        chunk = self.sock.recv(65536)
        if not chunk:
            raise EOFError("server closed")
        self.data += chunk

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

    def abort(self):
        """RST: SO_LINGER 0, so the server sees ECONNRESET."""
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
        self.sock.close()


def get(path, extra=""):
    return f"GET {path} HTTP/1.1\r\nHost: t\r\n{extra}\r\n".encode()


def load(port, app, received):
    paths = ["/", "/x?value=1"] if app == "hello" else ["/", "/style.css", "/echo?value=abc",
                                                       "/missing"]

    def keepalive(n):
        c = Client(port, received)
        for i in range(n):
            c.send(get(paths[i % len(paths)]))
            c.read_responses(1)
        c.close()

    def pipelined():
        c = Client(port, received)
        c.send(b"".join(get(paths[i % len(paths)]) for i in range(16)))
        c.read_responses(16)
        c.send(get("/", "Connection: close\r\n"))
        c.read_to_close()
        c.close()

    def aborted():
        c = Client(port, received)
        c.send(b"GET / HTTP/1.1\r\nHost: t\r\n")  # head never finished
        time.sleep(0.01)
        c.abort()
        c = Client(port, received)
        c.send(get(paths[0]) * 4)
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

    idle = Client(port, received)  # closed by the server's keep-alive timer (5 s)
    idle.send(get("/"))
    idle.read_responses(1)
    threads = []
    for round_ in range(3):
        for n in (5, 20, 50):
            threads.append(threading.Thread(target=keepalive, args=(n,)))
        threads.append(threading.Thread(target=pipelined))
        threads.append(threading.Thread(target=aborted))
        if app == "demo":
            threads.append(threading.Thread(target=upload))
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    idle.read_to_close()  # the keep-alive timeout ends it
    idle.close()


def record(bin_dir, app, tmp):
    exe = os.path.join(bin_dir, "example-" + app)
    port = free_port()
    trace = os.path.join(tmp, app + ".trace")
    env = dict(os.environ, NODECC_RECORD="file:" + trace)
    proc = subprocess.Popen([exe, "--port", str(port)], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    received = {}
    started = time.time()
    try:
        wait_port(port, proc)
        load(port, app, received)
        time.sleep(0.2)
    finally:
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=30)
    return trace, received, out, time.time() - started


def replay(bin_dir, trace, out_dir):
    os.makedirs(out_dir)
    r = subprocess.run([os.path.join(bin_dir, "nodecc"), "replay", trace, "--out", out_dir],
                       capture_output=True, timeout=120)
    err = r.stderr.decode(errors="replace")
    if r.returncode != 0 or "end of trace" not in err:
        raise AssertionError(f"replay failed ({r.returncode}):\n{err[-3000:]}")
    return r.stdout


def check_app(bin_dir, app, replays, tmp):
    trace, received, live_stdout, live_seconds = record(bin_dir, app, tmp)
    size = sum(os.path.getsize(os.path.join(tmp, f)) for f in os.listdir(tmp)
               if f.startswith(app + ".trace"))
    first = None
    replay_seconds = []
    for i in range(replays):
        out_dir = os.path.join(tmp, f"{app}-replay-{i}")
        t0 = time.time()
        stdout = replay(bin_dir, trace, out_dir)
        replay_seconds.append(time.time() - t0)
        if stdout != live_stdout:
            raise AssertionError(f"replay {i} printed {stdout!r}, the live run {live_stdout!r}")
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
    replay_seconds.sort()
    print(f"{app}: trace {size} bytes, {conns} connections; {replays} replays identical, "
          f"{compared} client byte streams equal to the replay's ({prefixes} reset clients: "
          f"a prefix); recording {live_seconds:.2f} s "
          f"wall, replay median {replay_seconds[len(replay_seconds) // 2]:.2f} s")


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
    args = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="nodecc-replay-")
    try:
        if args.app == "crash":
            check_crash(args.bin_dir, args.replays, tmp)
        else:
            check_app(args.bin_dir, args.app, args.replays, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
