"""Helpers of the static-file integration tests: a temporary tree of files, `nodecc serve` on an
ephemeral port (stopped by PID), and plain HTTP requests over http.client or raw sockets.

Shares httptest.py (../http) for the server process, the raw response reader and the exit codes.
"""
import hashlib
import http.client
import os
import re
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "http"))

import httptest  # noqa: E402
from httptest import HOST, Reader, TestFailure, check, connect, parse_args, run  # noqa: E402,F401


class ServeProcess(httptest.Server):
    """`nodecc serve DIR --port 0 ...`; the port is read from the URL it prints."""

    def __init__(self, bin_dir, root, *options):
        # One worker unless the test asks for more (the default is one per core).
        workers = () if "--workers" in options else ("--workers", "1")
        super().__init__([os.path.join(bin_dir, "nodecc"), "serve", root, "--port", "0",
                          "--host", HOST, *workers, *options], name="nodecc serve")

    def _read_stdout(self):
        for raw in self.proc.stdout:
            line = raw.decode("utf-8", "replace").rstrip("\n")
            self.stdout_lines.append(line)
            m = re.search(r" at http://[^ ]+:(\d+)/", line)
            if m and not self._listening.is_set():
                self.port = int(m.group(1))
                self._listening.set()


class Tree:
    """A temporary directory removed at exit."""

    def __init__(self):
        self.path = tempfile.mkdtemp(prefix="nodecc-static-it-")

    def at(self, rel):
        return os.path.join(self.path, rel)

    def write(self, rel, data, mtime=None):
        p = self.at(rel)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "wb") as f:
            f.write(data if isinstance(data, bytes) else data.encode())
        if mtime is not None:
            os.utime(p, (mtime, mtime))
        return p

    def remove(self):
        shutil.rmtree(self.path, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.remove()
        return False


class Resp:
    def __init__(self, status, headers, body):
        self.status = status
        self.headers = headers  # [(name, value)]
        self.body = body

    def header(self, name, default=None):
        for n, v in self.headers:
            if n.lower() == name.lower():
                return v
        return default

    def __repr__(self):
        return f"<{self.status} {self.headers} {self.body[:80]!r}>"


def get(port, path, headers=None, method="GET", timeout=10):
    """One request on a fresh http.client connection."""
    conn = http.client.HTTPConnection(HOST, port, timeout=timeout)
    try:
        conn.request(method, path, headers=headers or {})
        r = conn.getresponse()
        body = r.read()
        return Resp(r.status, r.getheaders(), body)
    finally:
        conn.close()


def raw(port, data, head_request=False, timeout=10):
    """Raw bytes on a new connection, one response read with httptest's reader."""
    with connect(port, timeout) as s:
        s.sendall(data)
        return Reader(s).read(head_request)


def nginx_etag(path):
    st = os.stat(path)
    return '"%x-%x"' % (int(st.st_mtime), st.st_size)


def sha256_file(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        while True:
            b = f.read(1 << 20)
            if not b:
                break
            h.update(b)
    return h.hexdigest()
