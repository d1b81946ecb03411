#!/usr/bin/env python3
"""The bugs the soak found, each reduced to a deterministic check (docs/reliability.md, Soak):

1. A request whose head and body arrive in one read, the body over highWaterMark (16 KiB) and
   under the 64 KiB read: reading paused and stayed paused once the body was complete, so the
   next request on the connection waited until the keep-alive timer reset the connection.
2. A body that ends after its response (a 405 sent without reading it): the connection was
   left with no timer at all and stayed open for good instead of closing after
   keepAliveTimeout.
3. Uploads abandoned mid-body (the demo ends their responses on 'aborted'): each one kept
   its exchange allocated. Release only: RSS must not grow with the number of aborts (ASan's
   own RSS swings are larger than what this measures).
"""
import os
import socket
import struct
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import soak_monitor  # noqa: E402  (puts ../integration/http on the path)
import httptest  # noqa: E402
from httptest import Reader, check, connect, parse_args, rss_bytes, run  # noqa: E402

KEEP_ALIVE_S = 5.0  # the servers' default keepAliveTimeout
SLACK_S = 3.0


def upload_then_next(port):
    for size in (16500, 20000, 40000, 65000):
        with connect(port) as s:
            body = os.urandom(size)
            s.sendall(b"POST /api/upload HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n" % size
                      + body)
            rd = Reader(s)
            r = rd.read()
            check(r.status == 200 and b'"bytes":%d' % size in r.body, f"upload {size}: {r}")
            s.sendall(b"GET /echo?value=next HTTP/1.1\r\nHost: x\r\n\r\n")
            s.settimeout(KEEP_ALIVE_S - 1)
            try:
                r = rd.read()
            except (socket.timeout, ConnectionError, httptest.TestFailure) as e:
                raise httptest.TestFailure(f"upload of {size} bytes in one read: the next "
                                           f"request was not answered ({e!r})")
            check(r.status == 200 and r.body == b"next", f"after upload {size}: {r}")


def body_after_response_closes(port):
    for size in (10, 5000):
        with connect(port, timeout=KEEP_ALIVE_S + 30) as s:
            s.sendall(b"POST /f.bin HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n" % size
                      + b"x" * size)
            rd = Reader(s)
            r = rd.read()
            check(r.status == 405, f"POST to a file: {r}")
            start = time.monotonic()
            check(rd.closed(KEEP_ALIVE_S + SLACK_S),
                  f"POST with a {size}-byte body answered before it was read: the idle "
                  f"connection is still open after {time.monotonic() - start:.1f} s")


def abort_upload(port):
    with connect(port) as s:
        s.sendall(b"POST /api/upload HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n"
                  + b"a" * 5000)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))


def aborted_uploads_are_freed(demo):
    for _ in range(2000):  # the exchange pool and the allocator reach their size
        abort_upload(demo.port)
    time.sleep(0.5)
    before = rss_bytes(demo.pid)
    for _ in range(20000):
        abort_upload(demo.port)
    time.sleep(0.5)
    grown = rss_bytes(demo.pid) - before
    # Before the fix each abort kept about 1 KiB: 20,000 of them grew RSS by 20+ MiB.
    check(grown < 2 << 20, f"20,000 aborted uploads grew the demo's RSS by {grown >> 10} KiB")
    print(f"20,000 aborted uploads: RSS {grown >> 10:+d} KiB")


def main():
    args = parse_args()
    root = os.path.join(HERE, "..", "..", "examples", "demo", "public")
    check(os.path.isdir(root), "examples/demo/public missing")
    demo = soak_monitor.demo_server(args.bin_dir)
    with demo:
        upload_then_next(demo.port)
        if not args.sanitized:
            aborted_uploads_are_freed(demo)
        check(demo.alive(), "the demo died")
    www = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"nodecc-found-bugs-{os.getpid()}")
    os.makedirs(www, exist_ok=True)
    try:
        with open(os.path.join(www, "f.bin"), "wb") as f:
            f.write(b"f" * 1000)
        with soak_monitor.static_server(args.bin_dir, www, 0) as serve:
            body_after_response_closes(serve.port)
    finally:
        os.remove(os.path.join(www, "f.bin"))
        os.rmdir(www)


if __name__ == "__main__":
    run(main)
