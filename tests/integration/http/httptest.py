"""Shared helpers of the HTTP integration tests: start a server binary on an ephemeral port and
stop exactly that process, read raw HTTP/1.1 responses from a socket, sample a process's RSS.

Every test script takes --bin-dir (where http-test-server and the example-* binaries are) and
exits 0 on success, 1 on a failed check (with a message naming it), 77 to skip.
"""
import argparse
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

SKIP = 77
HOST = "127.0.0.1"

# /stream bodies: byte i is PATTERN[i % len(PATTERN)] (http_test_server.cc has the same).
PATTERN = bytes(ord("a") + (i * 7 + i // 251) % 26 for i in range(65536))


class TestFailure(Exception):
    pass


def check(cond, what):
    if not cond:
        raise TestFailure(what)


# Set by parse_args(): the binaries were built with AddressSanitizer (-DNODECC_SANITIZE=ON).
SANITIZED = False
# ASan keeps freed memory in a quarantine before reusing it, so under it RSS follows the
# allocation churn, not what is live. The servers get a small quarantine and the memory bounds
# this much slack; the transfers themselves are checked the same.
SANITIZER_QUARANTINE_MB = 8
SANITIZER_RSS_SLACK = 32 << 20


def parse_args(extra=None):
    global SANITIZED
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin-dir", required=True)
    ap.add_argument("--sanitized", action="store_true")
    if extra:
        extra(ap)
    args = ap.parse_args()
    SANITIZED = args.sanitized
    return args


def rss_slack():
    return SANITIZER_RSS_SLACK if SANITIZED else 0


def free_port():
    """A port nothing listens on right now (for binaries that cannot listen on port 0)."""
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


class Server:
    """One server process: started with start(), stopped (that PID only) with stop()."""

    def __init__(self, argv, name=None, port=None):
        self.argv = list(argv)
        self.name = name or os.path.basename(argv[0])
        self.port = port
        self.proc = None
        self.stdout_lines = []
        self.stderr_file = tempfile.TemporaryFile()
        self._reader = None
        self._listening = threading.Event()

    def start(self, timeout=10.0):
        env = dict(os.environ)
        if SANITIZED:
            quarantine = f"quarantine_size_mb={SANITIZER_QUARANTINE_MB}"
            env["ASAN_OPTIONS"] = ":".join(filter(None, [env.get("ASAN_OPTIONS"), quarantine]))
        self.proc = subprocess.Popen(self.argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                     stderr=self.stderr_file, env=env,
                                     cwd=getattr(self, "proc_cwd", None))
        self._reader = threading.Thread(target=self._read_stdout, daemon=True)
        self._reader.start()
        if not self._listening.wait(timeout):
            self.stop()
            raise TestFailure(f"{self.name} did not print 'listening' within {timeout} s; "
                              f"stderr: {self.stderr()[-2000:]}")
        return self

    def _read_stdout(self):
        for raw in self.proc.stdout:
            line = raw.decode("utf-8", "replace").rstrip("\n")
            self.stdout_lines.append(line)
            m = re.search(r"listening on https?://[^:]+:(\d+)/", line)
            if m:
                if not self.port or self.port == 0:
                    self.port = int(m.group(1))
                self._listening.set()

    @property
    def pid(self):
        return self.proc.pid

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    def stderr(self):
        self.stderr_file.seek(0)
        return self.stderr_file.read().decode("utf-8", "replace")

    def wait_exit(self, timeout):
        try:
            code = self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            return None
        # The process is gone, but the reader thread may not have taken its last lines from the
        # pipe yet (a loaded machine showed it: "server closed" missing after a clean exit).
        self._reader.join(timeout)
        return code

    def stop(self):
        """Ends this server (SIGTERM, then SIGKILL) and fails on a sanitizer report."""
        if self.proc is None:
            return
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        if self._reader:
            self._reader.join(2)
        err = self.stderr()
        if "AddressSanitizer" in err or "runtime error:" in err or "LeakSanitizer" in err:
            raise TestFailure(f"{self.name}: sanitizer report:\n{err[-6000:]}")

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()
        return False


def example(bin_dir, name):
    """An example server (which takes --port/--host but cannot listen on port 0)."""
    path = os.path.join(bin_dir, f"example-{name}")
    if not os.path.exists(path):
        raise TestFailure(f"missing {path}")
    port = free_port()
    return Server([path, "--port", str(port), "--host", HOST], port=port)


def test_server(bin_dir, *options):
    path = os.path.join(bin_dir, "http-test-server")
    return Server([path, "--port", "0", "--host", HOST, *options])


def connect(port, timeout=10.0):
    s = socket.create_connection((HOST, port), timeout=timeout)
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return s


def rss_bytes(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    raise TestFailure(f"no VmRSS for pid {pid}")


class PeakSampler:
    """Samples read() every `interval` seconds in a thread while in a `with` block: baseline
    (the value on entry), peak and the number of samples. Sampling stops quietly when read()
    raises OSError or TestFailure (the process is gone)."""

    def __init__(self, read, interval=0.02):
        self.read = read
        self.interval = interval
        self.baseline = read()
        self.peak = self.baseline
        self.samples = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self):
        while not self._stop.is_set():
            try:
                self.peak = max(self.peak, self.read())
                self.samples += 1
            except (OSError, TestFailure):
                return
            self._stop.wait(self.interval)

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        self._thread.join(2)
        return False


class RssSampler(PeakSampler):
    """A process's VmRSS, sampled: peak and baseline in bytes."""

    def __init__(self, pid, interval=0.02):
        self.pid = pid
        super().__init__(lambda: rss_bytes(pid), interval)

    @property
    def growth(self):
        return self.peak - self.baseline


class Response:
    def __init__(self):
        self.version = ""
        self.status = 0
        self.reason = ""
        self.headers = []  # [(name, value)] as received
        self.body = b""
        self.trailers = []
        self.interim = []  # 1xx responses before this one: [(status, reason)]

    def header(self, name, default=None):
        for n, v in self.headers:
            if n.lower() == name.lower():
                return v
        return default

    def __repr__(self):
        return f"<{self.version} {self.status} {self.reason} {self.headers} {self.body[:80]!r}>"


class Reader:
    """Reads HTTP/1.x responses from a socket, keeping the bytes past each one."""

    def __init__(self, sock):
        self.sock = sock
        self.buf = b""
        self.eof = False

    def _fill(self):
        data = self.sock.recv(262144)
        if not data:
            self.eof = True
            raise TestFailure("connection closed in the middle of a response")
        self.buf += data

    def _line(self):
        while True:
            i = self.buf.find(b"\r\n")
            if i >= 0:
                line, self.buf = self.buf[:i], self.buf[i + 2:]
                return line
            self._fill()

    def _exact(self, n):
        while len(self.buf) < n:
            self._fill()
        out, self.buf = self.buf[:n], self.buf[n:]
        return out

    def _fields(self):
        fields = []
        while True:
            line = self._line()
            if not line:
                return fields
            name, _, value = line.decode("latin1").partition(":")
            fields.append((name, value.strip()))

    def read(self, head_request=False, body_sink=None):
        """The next final response (1xx responses go to .interim). body_sink(bytes-like)
        receives the body instead of .body when given (views valid during the call only)."""
        r = Response()
        while True:
            status_line = self._line().decode("latin1")
            parts = status_line.split(" ", 2)
            check(len(parts) >= 2 and parts[0].startswith("HTTP/"),
                  f"bad status line {status_line!r}")
            status = int(parts[1])
            reason = parts[2] if len(parts) > 2 else ""
            headers = self._fields()
            if 100 <= status < 200 and status != 101:
                r.interim.append((status, reason))
                continue
            r.version, r.status, r.reason, r.headers = parts[0], status, reason, headers
            break
        sink_parts = []
        sink = body_sink or sink_parts.append
        te = (r.header("transfer-encoding") or "").lower()
        cl = r.header("content-length")
        if head_request or r.status in (204, 304):
            pass
        elif "chunked" in te:
            while True:
                size = int(self._line().split(b";")[0], 16)
                if size == 0:
                    r.trailers = self._fields()
                    break
                self._read_body(size, sink, copy=body_sink is None)
                check(self._exact(2) == b"\r\n", "chunk not followed by CRLF")
        elif cl is not None:
            self._read_body(int(cl), sink, copy=body_sink is None)
        else:
            # Delimited by the close.
            while True:
                if self.buf:
                    sink(self.buf)
                    self.buf = b""
                data = self.sock.recv(262144)
                if not data:
                    self.eof = True
                    break
                self.buf = data
        if body_sink is None:
            r.body = b"".join(sink_parts)
        return r

    def _read_body(self, n, sink, copy=True):
        if self.buf:
            take = self.buf[:n]
            self.buf = self.buf[len(take):]
            n -= len(take)
            sink(take)
        # Straight from the socket into one reused buffer: 1 GB bodies stay fast in Python.
        scratch = memoryview(bytearray(min(n, 1 << 20)))
        while n > 0:
            got = self.sock.recv_into(scratch, min(n, len(scratch)))
            if not got:
                self.eof = True
                raise TestFailure(f"connection closed with {n} body bytes missing")
            n -= got
            sink(bytes(scratch[:got]) if copy else scratch[:got])

    def closed(self, timeout=3.0):
        """True when the peer closes (EOF or reset) within `timeout` with no further bytes."""
        if self.buf:
            return False
        if self.eof:
            return True
        self.sock.settimeout(timeout)
        try:
            data = self.sock.recv(65536)
        except socket.timeout:
            return False
        except ConnectionResetError:
            return True
        if data:
            self.buf += data
            return False
        self.eof = True
        return True


def request(port, raw, head_request=False, timeout=10.0):
    """Sends raw bytes on a new connection and reads one response."""
    with connect(port, timeout) as s:
        s.sendall(raw)
        return Reader(s).read(head_request)


def run(main):
    """Runs a test's main(), mapping its outcome to the exit status."""
    try:
        main()
    except TestFailure as e:
        print(f"FAIL: {e}")
        sys.exit(1)
    print("PASS")
    sys.exit(0)


def hex_piece(i, size):
    """hex_pieces.h's hexPiece(i, size): `size` bytes of hex from a xorshift stream."""
    mask = (1 << 64) - 1
    x = 0x9E3779B97F4A7C15 ^ (i + 1)
    out = []
    n = 0
    while n < size:
        x ^= (x << 13) & mask
        x ^= x >> 7
        x ^= (x << 17) & mask
        for k in range(16):
            if n == size:
                break
            out.append("0123456789abcdef"[(x >> (k * 4)) & 15])
            n += 1
    return "".join(out).encode()


class PatternChecker:
    """Checks that a stream of bytes is PATTERN repeated, counting them."""

    def __init__(self):
        self.count = 0
        self._double = PATTERN + PATTERN
        self.ok = True

    def __call__(self, data):
        view = memoryview(data)
        while len(view) and self.ok:
            at = self.count % len(PATTERN)
            n = min(len(view), len(PATTERN))
            if view[:n].tobytes() != self._double[at:at + n]:
                self.ok = False
            self.count += n
            view = view[n:]
        if not self.ok:
            self.count += len(view)


def wait_until(cond, timeout, interval=0.02):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if cond():
            return True
        time.sleep(interval)
    return cond()


def settled(read, key=lambda v: v, quiet=0.5, timeout=15, interval=0.05):
    """read() once key(read()) has not changed for `quiet` seconds (the last reading at the
    timeout). For a baseline of a server's open fds: it closes its side of a connection only
    when it reads the client's FIN (or its linger timer fires), which on a loaded machine, and
    under ASan, can come after the client has moved on."""
    deadline = time.monotonic() + timeout
    value = read()
    since = time.monotonic()
    while time.monotonic() < deadline:
        time.sleep(interval)
        now = read()
        if key(now) != key(value):
            since = time.monotonic()
        elif time.monotonic() - since >= quiet:
            return now
        value = now
    return value
