#!/usr/bin/env python3
"""examples/proxy (nodecc) and its twin examples/proxy.js (Node.js) in front of nodecc's
http-test-server: X-Forwarded-For, hop-by-hop fields dropped both ways, bodies streamed both
ways (256 MiB each, byte-checked, the nodecc proxy's RSS flat), 502 when the upstream refuses,
504 when it does not answer in time, a response cut short upstream cut short downstream, and a
client that goes away mid-download."""
import hashlib
import os
import shutil
import time

from clienttest import (PATTERN, Server, TestFailure, check, free_port, parse_args, rss_slack,
                        run, test_server)
from httptest import Reader, RssSampler, PatternChecker, connect

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.join(HERE, "..", "..", "..", "examples")
BIG = 256 << 20
MAX_GROWTH = 64 << 20


def proxy(args, kind, upstream_port, timeout_ms=30000):
    port = free_port()
    tail = ["--port", str(port), "--upstream", f"http://127.0.0.1:{upstream_port}",
            "--timeout", str(timeout_ms)]
    if kind == "nodecc":
        return Server([os.path.join(args.bin_dir, "example-proxy"), *tail], port=port)
    return Server([shutil.which("node"), os.path.join(EXAMPLES, "proxy.js"), *tail],
                  name="proxy.js", port=port)


def get(port, raw):
    with connect(port) as s:
        s.sendall(raw)
        return Reader(s).read()


def behaviour(args, kind):
    with test_server(args.bin_dir) as up:
        with proxy(args, kind, up.port) as px:
            r = get(px.port, b"GET /info?a=1 HTTP/1.1\r\nHost: example.test\r\n"
                             b"X-Forwarded-For: 10.0.0.1\r\nConnection: keep-alive, X-Secret\r\n"
                             b"X-Secret: s\r\nKeep-Alive: timeout=9\r\nTE: trailers\r\n"
                             b"Proxy-Authorization: p\r\nX-Kept: k\r\n\r\n")
            seen = r.body.decode()
            check(r.status == 200 and seen.startswith("GET /info?a=1 HTTP/1.1\n"),
                  f"{kind}: {r} ")
            lines = [l.lower() for l in seen.splitlines()]
            check("x-forwarded-for: 10.0.0.1, 127.0.0.1" in lines, f"{kind}: XFF: {seen}")
            check("x-kept: k" in lines and "host: example.test" in lines, f"{kind}: {seen}")
            for dropped in ("x-secret", "keep-alive", "te:", "proxy-authorization"):
                check(not any(l.startswith(dropped) for l in lines),
                      f"{kind}: {dropped} was forwarded: {seen}")
            r = get(px.port, b"GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
            check(r.status == 200 and r.body == b"hello\n", f"{kind}: /hello {r}")

            # A chunked response is forwarded chunked (its Transfer-Encoding is the hop's own).
            r = get(px.port, b"GET /stream?bytes=100000&chunked=1 HTTP/1.1\r\nHost: x\r\n\r\n")
            check(r.status == 200 and len(r.body) == 100000 and
                  (r.header("transfer-encoding") or "").lower() == "chunked",
                  f"{kind}: chunked: {r.headers}")

            # Cut short upstream (the handler threw after writing): cut short here too.
            with connect(px.port) as s:
                s.sendall(b"GET /throw-after-write HTTP/1.1\r\nHost: x\r\n\r\n")
                try:
                    Reader(s).read()
                    raise TestFailure(f"{kind}: a response cut short upstream arrived complete")
                except TestFailure as e:
                    check("closed in the middle" in str(e), f"{kind}: {e}")

            # A client going away mid-download: the proxy keeps serving.
            with connect(px.port) as s:
                s.sendall(f"GET /stream?bytes={1 << 30} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
                s.recv(65536)
            time.sleep(0.2)
            r = get(px.port, b"GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
            check(r.status == 200, f"{kind}: after a client went away: {r}")

        # 504: the upstream does not answer within --timeout.
        with proxy(args, kind, up.port, timeout_ms=200) as px:
            start = time.monotonic()
            r = get(px.port, b"GET /slow?ms=5000 HTTP/1.1\r\nHost: x\r\n\r\n")
            check(r.status == 504 and time.monotonic() - start < 3, f"{kind}: 504: {r}")

    # 502: nothing listens upstream.
    with proxy(args, kind, free_port()) as px:
        r = get(px.port, b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        check(r.status == 502 and b"ECONNREFUSED" in r.body, f"{kind}: 502: {r}")
    print(f"{kind}: behaviour ok")


def streaming(args):
    """256 MiB down and 256 MiB up through the nodecc proxy; its RSS must stay flat."""
    with test_server(args.bin_dir) as up:
        with proxy(args, "nodecc", up.port) as px:
            with connect(px.port, timeout=60) as s:
                rd = Reader(s)
                s.sendall(b"GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
                rd.read()
                checker = PatternChecker()
                start = time.monotonic()
                with RssSampler(px.pid) as rss:
                    s.sendall(f"GET /stream?bytes={BIG}&piece=65536 HTTP/1.1\r\n"
                              f"Host: x\r\n\r\n".encode())
                    r = rd.read(body_sink=checker)
                secs = time.monotonic() - start
                print(f"download through the proxy: {BIG / secs / 1e6:.0f} MB/s, proxy RSS "
                      f"{rss.baseline >> 20} -> {rss.peak >> 20} MiB")
                check(r.status == 200 and checker.count == BIG and checker.ok,
                      f"download: {checker.count} bytes, ok {checker.ok}")
                check(rss.growth < MAX_GROWTH + rss_slack(), f"download: RSS +{rss.growth >> 20}")

                block = (PATTERN * 16)[:1 << 20]
                digest = hashlib.sha256()
                for _ in range(BIG // len(block)):
                    digest.update(block)
                start = time.monotonic()
                with RssSampler(px.pid) as rss:
                    s.sendall(f"PUT /echo HTTP/1.1\r\nHost: x\r\nContent-Length: {BIG}\r\n\r\n"
                              .encode())
                    for _ in range(BIG // len(block)):
                        s.sendall(block)
                    r = rd.read()
                secs = time.monotonic() - start
                print(f"upload through the proxy: {BIG / secs / 1e6:.0f} MB/s, proxy RSS "
                      f"{rss.baseline >> 20} -> {rss.peak >> 20} MiB")
                check(r.status == 200 and r.body == f"{BIG} {digest.hexdigest()}\n".encode(),
                      f"upload: {r.status} {r.body!r}")
                check(rss.growth < MAX_GROWTH + rss_slack(), f"upload: RSS +{rss.growth >> 20}")


def main():
    args = parse_args()
    behaviour(args, "nodecc")
    streaming(args)
    if shutil.which("node"):
        behaviour(args, "proxy.js")
    else:
        print("node: not installed, proxy.js skipped")


if __name__ == "__main__":
    run(main)
