"""Large files over TLS (`nodecc serve --tls-cert --tls-key`): a file body cannot go by sendfile
through TLS, so it is read and sealed a piece at a time as the socket takes it. Checked over
loopback with Python's ssl and curl:

  - a client that stops reading mid-download: the server's RSS stays within a few pieces
    (it grew by the file's size when the whole body was read and sealed at once), and the
    download then completes with the file's bytes;
  - pipelined requests behind a large file on one connection (GET big, GET small, HEAD small
    with Connection: close): the responses arrive whole and in order, then a clean TLS close
    (close_notify after the body, not before it);
  - two downloads at once (curl) and a range of the large file, byte for byte.

Every process started here is stopped here, by its pid; every step is bounded in time."""
import hashlib
import os
import re
import socket
import ssl
import subprocess
import sys
import time

from test_tls import STEP_TIMEOUT, check, harness, run, terminate

BIG = 96 * 1024 * 1024
SMALL = b"small file over https\n"
# Growth allowed while a client holds a download still: a few 64 KiB pieces and their records,
# the socket's buffers are the kernel's; far below the 96 MiB of the whole body.
RSS_GROWTH_LIMIT = 24 * 1024 * 1024


def rss(pid):
    with open("/proc/%d/status" % pid) as f:
        return int(re.search(r"VmRSS:\s+(\d+) kB", f.read()).group(1)) * 1024


def tls_connect(port, env):
    ctx = ssl.create_default_context(cafile=env.p("ca.pem"))
    raw = socket.create_connection(("127.0.0.1", port), timeout=STEP_TIMEOUT)
    # suppress_ragged_eofs=False: a close without close_notify raises instead of reading b"".
    return ctx.wrap_socket(raw, server_hostname="localhost", suppress_ragged_eofs=False)


def read_exactly(sock, n):
    out = bytearray()
    while len(out) < n:
        chunk = sock.recv(min(1 << 20, n - len(out)))
        if not chunk:
            break
        out += chunk
    return bytes(out)


def read_head(sock, buf):
    """Reads until the end of a response head; returns (head, rest)."""
    while b"\r\n\r\n" not in buf:
        chunk = sock.recv(65536)
        if not chunk:
            return None, buf
        buf += chunk
    head, rest = buf.split(b"\r\n\r\n", 1)
    return head.decode("latin-1"), rest


def content_length(head):
    m = re.search(r"(?im)^content-length:\s*(\d+)", head)
    return int(m.group(1)) if m else None


def stalled_reader(port, pid, env, digest):
    s = tls_connect(port, env)
    try:
        before = rss(pid)
        s.sendall(b"GET /big.bin HTTP/1.1\r\nHost: localhost\r\n\r\n")
        head, rest = read_head(s, b"")
        check(head is not None and head.startswith("HTTP/1.1 200") and
              content_length(head) == BIG, "big file: 200 with its length (%r)" %
              (head.splitlines()[0] if head else None))
        got = rest + read_exactly(s, (1 << 20) - len(rest))
        time.sleep(1.5)  # the client reads nothing: the server must not read on for it
        grown = rss(pid) - before
        check(grown < RSS_GROWTH_LIMIT,
              "a stalled download holds %.1f MiB of server memory (limit %d MiB, file %d MiB)" %
              (grown / 2**20, RSS_GROWTH_LIMIT >> 20, BIG >> 20))
        got += read_exactly(s, BIG - len(got))
        check(len(got) == BIG and hashlib.sha256(got).hexdigest() == digest,
              "the stalled download then completes byte for byte (%d bytes)" % len(got))
    finally:
        s.close()


def pipelined(port, env, digest):
    s = tls_connect(port, env)
    try:
        s.sendall(b"GET /big.bin HTTP/1.1\r\nHost: localhost\r\n\r\n"
                  b"GET /small.txt HTTP/1.1\r\nHost: localhost\r\n\r\n"
                  b"HEAD /small.txt HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        head, rest = read_head(s, b"")
        ok = head is not None and content_length(head) == BIG
        body = rest[:BIG]
        rest = rest[BIG:]
        if ok:
            body += read_exactly(s, BIG - len(body))
        check(ok and hashlib.sha256(body).hexdigest() == digest,
              "pipelined: the large file first, whole")
        head, rest = read_head(s, rest)
        ok = head is not None and head.startswith("HTTP/1.1 200") and content_length(head) == len(SMALL)
        small = rest[:len(SMALL)]
        rest = rest[len(SMALL):]
        if ok and len(small) < len(SMALL):
            small += read_exactly(s, len(SMALL) - len(small))
        check(ok and small == SMALL, "pipelined: then the small file's response")
        head, rest = read_head(s, rest)
        check(head is not None and head.startswith("HTTP/1.1 200") and
              content_length(head) == len(SMALL) and rest == b"",
              "pipelined: then HEAD's head, no body")
        try:
            tail = s.recv(1)
            clean = tail == b""
        except ssl.SSLEOFError:
            clean = False  # EOF without close_notify
        check(clean, "pipelined: the connection ends with close_notify after the last response")
    finally:
        s.close()


def concurrent_and_range(port, env, digest, big_path):
    out = [env.p("dl%d" % i) for i in range(2)]
    procs = [subprocess.Popen(["curl", "-sS", "--cacert", env.p("ca.pem"), "-o", o,
                               "https://localhost:%d/big.bin" % port,
                               "--resolve", "localhost:%d:127.0.0.1" % port])
             for o in out]
    codes = []
    for p in procs:
        try:
            codes.append(p.wait(timeout=120))
        except subprocess.TimeoutExpired:
            terminate(p)
            codes.append(None)
    sums = []
    for o in out:
        with open(o, "rb") as f:
            sums.append(hashlib.sha256(f.read()).hexdigest() if os.path.exists(o) else None)
    check(codes == [0, 0] and sums == [digest, digest], "two downloads at once, byte for byte")
    first, last = 5_000_000, 40_000_000
    code, outp, err = run(["curl", "-sS", "--cacert", env.p("ca.pem"), "-r", "%d-%d" % (first, last),
                           "-o", env.p("range"), "-w", "%{http_code}",
                           "--resolve", "localhost:%d:127.0.0.1" % port,
                           "https://localhost:%d/big.bin" % port], timeout=60)
    with open(big_path, "rb") as f:
        f.seek(first)
        want = f.read(last - first + 1)
    with open(env.p("range"), "rb") as f:
        part = f.read()
    check(code == 0 and outp == "206" and part == want, "a range of the large file: 206, its bytes")


def body(env):
    nodecc = os.path.join(env.bin_dir, "nodecc")
    site = env.p("site")
    os.makedirs(site)
    big_path = os.path.join(site, "big.bin")
    block = os.urandom(1 << 20)  # incompressible, and cheap to make
    sha = hashlib.sha256()
    with open(big_path, "wb") as f:
        for i in range(BIG >> 20):
            piece = bytes([i & 0xFF]) + block[1:]
            f.write(piece)
            sha.update(piece)
    digest = sha.hexdigest()
    with open(os.path.join(site, "small.txt"), "wb") as f:
        f.write(SMALL)
    proc = subprocess.Popen([nodecc, "serve", site, "--port", "0", "--workers", "1",
                             "--tls-cert", env.p("server.pem"), "--tls-key", env.p("server.key")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        line = proc.stdout.readline().decode()
        m = re.match(r"Serving .* at https://127\.0\.0\.1:(\d+)/$", line.rstrip())
        check(m is not None, "nodecc serve https: %r" % line)
        if m:
            port = int(m.group(1))
            stalled_reader(port, proc.pid, env, digest)
            pipelined(port, env, digest)
            concurrent_and_range(port, env, digest, big_path)
    finally:
        status = terminate(proc, timeout=10)
    check(status == 0, "SIGTERM: exit 0 (%r)" % status)


if __name__ == "__main__":
    sys.exit(harness("nodecc-tls-big-", body, need=("openssl", "curl")))
