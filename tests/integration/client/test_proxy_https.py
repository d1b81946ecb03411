#!/usr/bin/env python3
"""examples/proxy (nodecc) and its twin examples/proxy.js (Node.js) in front of an https
upstream (Node's https server, https_upstream.js) whose CA the proxy trusts through
NODE_EXTRA_CA_CERTS: fields and X-Forwarded-For through, a 1 MiB upload and a 5 MiB download
byte-checked, keep-alive; then an upstream the proxy cannot verify (a self-signed certificate,
a CA it was not given): 502 naming Node's verification code, and that code in its error log.
Certificates are made with `openssl req` in a temporary directory (test_tls.make_certs)."""
import hashlib
import os
import shutil
import sys
import tempfile
import time

from clienttest import Server, check, free_port, parse_args, run
from httptest import Reader, connect

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.join(HERE, "..", "..", "..", "examples")
sys.path.insert(0, os.path.join(HERE, "..", "tls"))
from test_tls import make_certs  # noqa: E402

UPLOAD = 1 << 20
DOWNLOAD = 5 << 20


def upstream(certs, name):
    return Server([shutil.which("node"), os.path.join(HERE, "https_upstream.js"),
                   "--cert", os.path.join(certs, name + ".pem"),
                   "--key", os.path.join(certs, name + ".key")], name="https-upstream")


class ProxyServer(Server):
    """A proxy started with NODE_EXTRA_CA_CERTS=extra_ca (None: unset) in its environment."""

    def __init__(self, argv, name, port, extra_ca):
        super().__init__(argv, name=name, port=port)
        self.extra_ca = extra_ca

    def start(self, timeout=10.0):
        saved = os.environ.pop("NODE_EXTRA_CA_CERTS", None)
        if self.extra_ca:
            os.environ["NODE_EXTRA_CA_CERTS"] = self.extra_ca
        try:
            return super().start(timeout)
        finally:
            os.environ.pop("NODE_EXTRA_CA_CERTS", None)
            if saved is not None:
                os.environ["NODE_EXTRA_CA_CERTS"] = saved


def proxy(args, kind, upstream_port, extra_ca):
    port = free_port()
    tail = ["--port", str(port), "--upstream", f"https://127.0.0.1:{upstream_port}"]
    if kind == "nodecc":
        argv = [os.path.join(args.bin_dir, "example-proxy"), *tail]
    else:
        argv = [shutil.which("node"), os.path.join(EXAMPLES, "proxy.js"), *tail]
    return ProxyServer(argv, kind, port, extra_ca)


def pattern(n):
    block = (b"abcdefghij" * 6554)[:65536]
    return (block * (n // len(block) + 1))[:n]


def through(args, kind, certs):
    with upstream(certs, "server") as up, \
            proxy(args, kind, up.port, os.path.join(certs, "ca.pem")) as px:
        with connect(px.port, timeout=30) as s:
            rd = Reader(s)
            s.sendall(b"GET /info?a=1&b=%20 HTTP/1.1\r\nHost: example.test\r\n"
                      b"X-Forwarded-For: 10.0.0.1\r\nX-Kept: k\r\n\r\n")
            r = rd.read()
            seen = r.body.decode()
            lines = [line.lower() for line in seen.splitlines()]
            check(r.status == 200 and seen.startswith("GET /info?a=1&b=%20 HTTP/1.1\n"),
                  f"{kind}: /info over https: {r.status} {seen!r}")
            check("x-forwarded-for: 10.0.0.1, 127.0.0.1" in lines and "x-kept: k" in lines and
                  "host: example.test" in lines, f"{kind}: fields: {seen!r}")

            body = os.urandom(UPLOAD)
            s.sendall(b"PUT /echo HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n" % UPLOAD)
            s.sendall(body)
            r = rd.read()
            want = f"{UPLOAD} {hashlib.sha256(body).hexdigest()}\n".encode()
            check(r.status == 200 and r.body == want, f"{kind}: upload: {r.status} {r.body!r}")

            s.sendall(b"GET /bytes?n=%d HTTP/1.1\r\nHost: x\r\n\r\n" % DOWNLOAD)
            r = rd.read()
            check(r.status == 200 and r.body == pattern(DOWNLOAD),
                  f"{kind}: download: {r.status}, {len(r.body)} bytes")
            # All three on one client connection: the proxy kept it alive throughout.
        check("upstream error" not in px.stderr(), f"{kind}: errors logged: {px.stderr()}")
    print(f"{kind}: through an https upstream ok")


def unverified(args, kind, certs):
    # (upstream certificate, CA given to the proxy, Node's code)
    cases = [("self", None, "DEPTH_ZERO_SELF_SIGNED_CERT"),
             ("server", None, "UNABLE_TO_VERIFY_LEAF_SIGNATURE"),
             ("expired", os.path.join(certs, "ca.pem"), "CERT_HAS_EXPIRED")]
    for name, ca, code in cases:
        with upstream(certs, name) as up, proxy(args, kind, up.port, ca) as px:
            with connect(px.port) as s:
                s.sendall(b"GET /info HTTP/1.1\r\nHost: x\r\n\r\n")
                r = Reader(s).read()
            check(r.status == 502 and r.body == f"Bad Gateway: {code}\n".encode(),
                  f"{kind}: {name} certificate: {r.status} {r.body!r}")
            deadline = time.monotonic() + 5
            while f"upstream error: {code}" not in px.stderr() and time.monotonic() < deadline:
                time.sleep(0.05)
            check(f"upstream error: {code}" in px.stderr(),
                  f"{kind}: {name}: the error log names {code}: {px.stderr()!r}")
    print(f"{kind}: unverified upstreams refused ok")


def main():
    args = parse_args()
    check(shutil.which("node") and shutil.which("openssl"),
          "node and openssl installed (scripts/install-deps.sh)")
    certs = tempfile.mkdtemp(prefix="nodecc-proxy-https-")
    try:
        make_certs(certs)
        for kind in ("nodecc", "proxy.js"):
            through(args, kind, certs)
            unverified(args, kind, certs)
    finally:
        shutil.rmtree(certs, ignore_errors=True)


if __name__ == "__main__":
    run(main)
