"""Helpers of the robustness tests: robust-test-server (and `nodecc serve`) started with their own
RLIMIT_NOFILE and stopped by PID, the per-client body pattern, /proc readings of the server
(open fds, RSS, CPU time), wrk, and an epoll client that drives thousands of connections from
one thread.

With --tls (parse_args) the same tests run over TLS: the servers get a certificate made here
(https.createServer), Swarm and http_get handshake first, wrk gets https:// URLs (scheme()).

Shares httptest.py (../http) for the server process, the raw response reader and exit codes.
"""
import errno
import os
import re
import resource
import select
import shutil
import socket
import ssl
import struct
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "http"))

import httptest  # noqa: E402
from httptest import (HOST, SKIP, Reader, TestFailure, check, connect,  # noqa: E402,F401
                      rss_bytes, run, wait_until)

RECORD = 16


class Tls:
    """--tls: an ECDSA P-256 certificate for the servers (made with openssl in a temporary
    directory, removed at exit) and the clients' context (no verification: the tests are about
    load, not names)."""

    def __init__(self):
        self.dir = tempfile.mkdtemp(prefix="nodecc-robust-tls-")
        self.cert = os.path.join(self.dir, "cert.pem")
        self.key = os.path.join(self.dir, "key.pem")
        subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt",
                        "ec_paramgen_curve:P-256", "-nodes", "-keyout", self.key, "-out",
                        self.cert, "-days", "2", "-subj", "/CN=localhost"],
                       check=True, capture_output=True, timeout=30)
        self.client = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
        self.client.check_hostname = False
        self.client.verify_mode = ssl.CERT_NONE

    def server_options(self):
        return ["--tls-cert", self.cert, "--tls-key", self.key]

    def client_hello(self):
        """The bytes of a TLS ClientHello, to trickle (a slow handshake)."""
        incoming, outgoing = ssl.MemoryBIO(), ssl.MemoryBIO()
        obj = self.client.wrap_bio(incoming, outgoing, server_hostname="localhost")
        try:
            obj.do_handshake()
        except ssl.SSLWantReadError:
            pass
        return outgoing.read()

    def cleanup(self):
        shutil.rmtree(self.dir, ignore_errors=True)


TLS = None  # a Tls when the test runs with --tls


def parse_args(extra=None):
    """httptest.parse_args plus --tls (the same tests over https)."""
    global TLS

    def more(ap):
        ap.add_argument("--tls", action="store_true", help="run over TLS")
        if extra:
            extra(ap)
    args = httptest.parse_args(more)
    if args.tls:
        TLS = Tls()
        import atexit
        atexit.register(TLS.cleanup)
    return args


def scheme():
    return "https" if TLS else "http"


def tls_connect(port, timeout=10.0):
    """connect(), with a TLS handshake under --tls."""
    s = connect(port, timeout)
    return TLS.client.wrap_socket(s) if TLS else s


def pattern(client_id, n, offset=0):
    """Bytes [offset, offset + n) of pattern(id): 16-byte records "%07x:%07x\\n" (id, record)."""
    first = offset // RECORD
    last = (offset + n + RECORD - 1) // RECORD
    cid = client_id & 0xfffffff
    data = b"".join(b"%07x:%07x\n" % (cid, k & 0xfffffff) for k in range(first, last))
    start = offset - first * RECORD
    return data[start:start + n]


def raise_own_nofile(want):
    """Raises this process's RLIMIT_NOFILE to `want` when it can; returns what it got."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft >= want:
        return soft
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (want, max(hard, want)))
    except (ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def nofile_possible(want):
    """The RLIMIT_NOFILE a child can get: `want`, or the hard limit when this process cannot
    raise it (no CAP_SYS_RESOURCE, as in most containers)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if want <= hard:
        return want
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, want))
    except (ValueError, OSError):
        return hard
    return want


class Proc(httptest.Server):
    """A server process with its own RLIMIT_NOFILE (`nofile`, soft = hard) and extra env."""

    def __init__(self, argv, name=None, nofile=None, env=None):
        super().__init__(argv, name=name)
        self.nofile = nofile
        self.extra_env = env or {}
        self.extra_ports = []

    def start(self, timeout=15.0):
        env = dict(os.environ)
        env.update(self.extra_env)
        if httptest.SANITIZED:
            quarantine = f"quarantine_size_mb={httptest.SANITIZER_QUARANTINE_MB}"
            env["ASAN_OPTIONS"] = ":".join(filter(None, [env.get("ASAN_OPTIONS"), quarantine]))
        nofile = self.nofile

        def limits():
            if nofile is not None:
                resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))

        self.proc = subprocess.Popen(self.argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                     stderr=self.stderr_file, env=env, preexec_fn=limits)
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
            m = re.search(r"extra port (\d+)", line)
            if m:
                self.extra_ports.append(int(m.group(1)))
            m = re.search(r"(?:listening on| at) https?://[^:]+:(\d+)/", line)
            if m and not self._listening.is_set():
                self.port = int(m.group(1))
                self._listening.set()

    def wait_ports(self, count, timeout=10):
        check(wait_until(lambda: len(self.extra_ports) >= count - 1, timeout),
              f"{self.name}: {count} ports not listening")
        return [self.port] + self.extra_ports[:count - 1]


def robust_server(bin_dir, *options, nofile=None, env=None):
    path = os.path.join(bin_dir, "robust-test-server")
    tls = TLS.server_options() if TLS else []
    return Proc([path, "--port", "0", "--host", HOST, *tls, *options], nofile=nofile, env=env)


def nodecc_serve(bin_dir, root, *options, nofile=None):
    path = os.path.join(bin_dir, "nodecc")
    tls = ["--tls-cert", TLS.cert, "--tls-key", TLS.key] if TLS else []
    return Proc([path, "serve", root, "--port", "0", "--host", HOST, *tls, *options],
                name="nodecc serve", nofile=nofile)


# ---- /proc readings of a process ----------------------------------------------------------

def fd_count(pid):
    return len(os.listdir(f"/proc/{pid}/fd"))


def cpu_seconds(pid):
    """utime + stime of every thread of pid, in seconds (clock ticks)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


def cpu_ns(pid):
    """Time on CPU of every thread of pid, in ns (schedstat: finer than the clock ticks)."""
    total = 0
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/schedstat") as f:
                total += int(f.read().split()[0])
        except OSError:
            pass
    return total


def settled_fd_count(pid):
    """pid's open fds once their count holds still (httptest.settled): the baseline a test
    compares with after its own clients have closed."""
    return httptest.settled(lambda: fd_count(pid))


def wait_fds(pid, target, timeout):
    """Waits until pid has at most `target` open fds; returns the last count."""
    deadline = time.monotonic() + timeout
    n = fd_count(pid)
    while n > target and time.monotonic() < deadline:
        time.sleep(0.05)
        n = fd_count(pid)
    return n


# ---- wrk ----------------------------------------------------------------------------------

def wrk(url, seconds=2, connections=32):
    out = subprocess.run(["wrk", "-t1", f"-c{connections}", f"-d{seconds}s", "--timeout", "2s",
                          url], capture_output=True, text=True, timeout=seconds + 30)
    check(out.returncode == 0, f"wrk failed: {out.stdout} {out.stderr}")
    m = re.search(r"Requests/sec:\s+([\d.]+)", out.stdout)
    check(m is not None, f"no Requests/sec in wrk output:\n{out.stdout}")
    check("Non-2xx" not in out.stdout, f"wrk saw non-2xx responses:\n{out.stdout}")
    errors = re.search(r"Socket errors: (.*)", out.stdout)
    return float(m.group(1)), (errors.group(1) if errors else "")


def median(xs):
    s = sorted(xs)
    n = len(s)
    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2


# ---- sockets ------------------------------------------------------------------------------

def set_linger_zero(sock):
    """close() then sends RST instead of FIN."""
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))


def refused(port, timeout=2.0):
    """True when a new connection to port is refused (or closed at once without an answer)."""
    try:
        with socket.create_connection((HOST, port), timeout=timeout) as s:
            s.sendall(b"GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
            return s.recv(100) == b""
    except OSError:
        return True


def parse_head(buf):
    """(status, {lower name: value}, head length) of a complete head in buf, else None."""
    end = buf.find(b"\r\n\r\n")
    if end < 0:
        return None
    lines = buf[:end].decode("latin1").split("\r\n")
    parts = lines[0].split(" ", 2)
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return int(parts[1]), headers, end + 4


class Job:
    """One HTTP exchange for Swarm: `request` bytes sent on a new connection, the response read
    (Content-Length framed) and passed to check(status, headers, body) -> error text or None."""
    __slots__ = ("request", "check", "keep", "attempts", "done", "error", "status", "latency",
                 "sock", "started")

    def __init__(self, request, check=None, keep=False):
        self.request = request
        self.check = check
        self.keep = keep  # leave the connection open after the response (idle keep-alive)
        self.attempts = 0
        self.done = False
        self.error = None
        self.status = 0
        self.latency = 0.0
        self.sock = None
        self.started = 0.0


class Swarm:
    """Runs many Jobs over up to `concurrency` connections at once from one thread (epoll).
    A connection that ends before its full response (reset, EOF: the server dropped it) is
    retried after `retry_delay` when `retry`, else the job fails. Ports are used round-robin.
    Under --tls each connection handshakes first (a handshake that fails is a drop)."""

    def __init__(self, ports, concurrency, retry=False, retry_delay=0.05, max_attempts=1000,
                 retry_status=()):
        self.tls = TLS.client if TLS else None
        self.ports = ports if isinstance(ports, list) else [ports]
        self.retry_status = retry_status  # statuses retried like a dropped connection
        self.concurrency = concurrency
        self.retry = retry
        self.retry_delay = retry_delay
        self.max_attempts = max_attempts
        self.drops = 0
        self.retried_status = 0
        self.kept = []
        self.on_tick = None  # called about every 50 ms while running

    def run(self, jobs, timeout):
        ep = select.epoll()
        live = {}  # fd -> [job, sock, state, buf, sent]
        pending = list(reversed(jobs))
        waiting = []  # (time, job) retries
        deadline = time.monotonic() + timeout
        next_port = 0
        done = 0
        last_tick = 0.0
        try:
            while done < len(jobs):
                now = time.monotonic()
                if now > deadline:
                    raise TestFailure(f"swarm: {len(jobs) - done} of {len(jobs)} requests not "
                                      f"done within {timeout} s ({self.drops} drops so far)")
                if self.on_tick and now - last_tick > 0.05:
                    last_tick = now
                    self.on_tick()
                if waiting:
                    still = []
                    for t, job in waiting:
                        (pending.append(job) if t <= now else still.append((t, job)))
                    waiting = still
                while pending and len(live) < self.concurrency:
                    job = pending.pop()
                    job.attempts += 1
                    if job.attempts == 1:
                        job.started = time.monotonic()
                    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
                    s.setblocking(False)
                    port = self.ports[next_port % len(self.ports)]
                    next_port += 1
                    rc = s.connect_ex((HOST, port))
                    if rc not in (0, errno.EINPROGRESS):
                        s.close()
                        self._failed(job, f"connect: {os.strerror(rc)}", waiting)
                        done += job.done
                        continue
                    live[s.fileno()] = [job, s, 0, bytearray(), 0]
                    ep.register(s.fileno(), select.EPOLLOUT)
                for fd, ev in ep.poll(0.05):
                    entry = live.get(fd)
                    if entry is None:
                        continue
                    job, s, state, buf, sent = entry
                    if state == 0 and self.tls and not isinstance(s, ssl.SSLSocket):
                        err = s.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR)
                        if not err:
                            s = entry[1] = self.tls.wrap_socket(s, do_handshake_on_connect=False)
                            entry[2] = state = 2
                    if state == 2:  # TLS handshake, then sending
                        try:
                            s.do_handshake()
                            entry[2] = state = 0
                            ep.modify(fd, select.EPOLLOUT)
                        except ssl.SSLWantReadError:
                            ep.modify(fd, select.EPOLLIN)
                            continue
                        except ssl.SSLWantWriteError:
                            ep.modify(fd, select.EPOLLOUT)
                            continue
                        except OSError as e:
                            self._close(ep, live, fd)
                            self._failed(job, f"TLS handshake: {e}", waiting)
                            done += job.done
                            continue
                    if state == 0:  # connecting, then sending
                        err = s.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR)
                        if err:
                            self._close(ep, live, fd)
                            self._failed(job, f"connect: {os.strerror(err)}", waiting)
                            done += job.done
                            continue
                        try:
                            n = s.send(job.request[sent:])
                        except (BlockingIOError, ssl.SSLWantWriteError, ssl.SSLWantReadError):
                            continue
                        except OSError as e:
                            self._close(ep, live, fd)
                            self._failed(job, f"send: {e}", waiting)
                            done += job.done
                            continue
                        entry[4] = sent + n
                        if entry[4] == len(job.request):
                            entry[2] = 1
                            ep.modify(fd, select.EPOLLIN)
                        continue
                    data, ended = self._recv(s)
                    if data is None:
                        continue  # nothing yet
                    if data:
                        buf += data
                    finished = self._complete(job, buf)
                    if finished and job.status in self.retry_status:
                        self.retried_status += 1
                        job.error = None
                        self._close(ep, live, fd)
                        self._failed(job, f"status {job.status}", waiting, dropped=False)
                        done += job.done
                        continue
                    if finished:
                        job.latency = time.monotonic() - job.started
                        if job.keep and not job.error:
                            ep.unregister(fd)
                            del live[fd]
                            job.sock = s
                            self.kept.append(s)
                        else:
                            self._close(ep, live, fd)
                        done += 1
                        job.done = True
                    elif ended:
                        self._close(ep, live, fd)
                        self._failed(job, f"connection ended after {len(buf)} bytes", waiting)
                        done += job.done
        finally:
            for fd, entry in list(live.items()):
                entry[1].close()
            ep.close()
        return jobs

    @staticmethod
    def _recv(s):
        """(bytes, ended): what the socket has now and whether it ended (EOF or reset);
        (None, False) when nothing is there yet. A TLS socket is read until OpenSSL wants
        more: epoll cannot see records already taken from the kernel."""
        if not isinstance(s, ssl.SSLSocket):
            try:
                data = s.recv(262144)
            except BlockingIOError:
                return None, False
            except OSError:
                return b"", True  # reset
            return data, not data
        data = bytearray()
        ended = False
        while True:
            try:
                chunk = s.recv(262144)
            except (ssl.SSLWantReadError, ssl.SSLWantWriteError):
                break
            except OSError:  # reset, or EOF without close_notify
                ended = True
                break
            if not chunk:
                ended = True
                break
            data += chunk
        if not data and not ended:
            return None, False
        return bytes(data), ended

    def _complete(self, job, buf):
        head = parse_head(buf)
        if head is None:
            return False
        status, headers, at = head
        length = int(headers.get("content-length", "0"))
        if len(buf) - at < length:
            return False
        job.status = status
        body = bytes(buf[at:at + length])
        if job.check:
            job.error = job.check(status, headers, body)
        return True

    def _failed(self, job, why, waiting, dropped=True):
        self.drops += dropped
        if self.retry and job.attempts < self.max_attempts:
            waiting.append((time.monotonic() + self.retry_delay, job))
        else:
            job.error = why
            job.done = True

    @staticmethod
    def _close(ep, live, fd):
        entry = live.pop(fd)
        try:
            ep.unregister(fd)
        except OSError:
            pass
        entry[1].close()

    def close_kept(self):
        for s in self.kept:
            s.close()
        self.kept = []


def expect_pattern(client_id, nbytes, status=200):
    """A Job check: the body is exactly pattern(client_id) of nbytes."""
    want = pattern(client_id, nbytes)

    def check_body(st, headers, body):
        if st != status:
            return f"status {st}"
        if body != want:
            return f"body of {len(body)} bytes is not pattern({client_id}) of {nbytes}"
        return None

    return check_body


def get_request(path, close=False):
    extra = "Connection: close\r\n" if close else ""
    return f"GET {path} HTTP/1.1\r\nHost: x\r\n{extra}\r\n".encode()


def http_get(port, path, timeout=10.0):
    """One GET on a new connection (TLS under --tls): (status, body)."""
    with tls_connect(port, timeout) as s:
        s.sendall(get_request(path, close=True))
        r = Reader(s).read()
        return r.status, r.body


def temp_dir(prefix):
    return tempfile.mkdtemp(prefix=prefix)
