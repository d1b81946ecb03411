#!/usr/bin/env python3
"""A client that reads a large response slowly: a handler that honours write()'s return value
and 'drain' keeps the server's memory at about highWaterMark however slow the reader (TCP
pushes back). Control: the same response written without waiting for 'drain' is queued in
the server, and the RSS sampling must see it (so the bound above is a real measurement)."""
import socket
import time

from httptest import (Reader, RssSampler, PatternChecker, check, connect, parse_args, rss_slack,
                      run, test_server)

BODY = 64 << 20
READ_SECONDS = 3.0


def slow_read(srv, query):
    s = socket.socket()
    # A small receive window so the kernel buffers fill quickly and push back on the server.
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 32768)
    s.settimeout(10)
    s.connect(("127.0.0.1", srv.port))
    with s:
        s.sendall(b"GET /stream?bytes=1000 HTTP/1.1\r\nHost: x\r\n\r\n")
        rd = Reader(s)
        rd.read()
        with RssSampler(srv.pid) as rss:
            s.sendall(f"GET /stream?bytes={BODY}&{query} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
            s.settimeout(10)
            got = 0
            deadline = time.monotonic() + READ_SECONDS
            while time.monotonic() < deadline:
                data = s.recv(16384)
                check(data, "server closed during the slow read")
                got += len(data)
                time.sleep(0.004)
            # Let the server run into the window once more before the last sample.
            time.sleep(0.2)
        return got, rss


def main():
    args = parse_args()
    with test_server(args.bin_dir) as srv:
        got, rss = slow_read(srv, "piece=16384")
        print(f"with backpressure: read {got >> 10} KiB in {READ_SECONDS} s; RSS "
              f"{rss.baseline >> 10} KiB -> peak {rss.peak >> 10} KiB")
        check(got < BODY // 2, f"the reader was not slow: read {got} bytes")
        check(rss.growth < (2 << 20) + rss_slack(),
              f"slow reader: server RSS grew {rss.growth >> 10} KiB")
    with test_server(args.bin_dir, "--hwm", str(1 << 20)) as srv:
        got, rss = slow_read(srv, "piece=65536")
        print(f"highWaterMark 1 MiB: RSS {rss.baseline >> 10} KiB -> peak {rss.peak >> 10} KiB")
        check(rss.growth < (4 << 20) + rss_slack(),
              f"slow reader, 1 MiB mark: RSS grew {rss.growth >> 10} KiB")
    with test_server(args.bin_dir) as srv:
        got, rss = slow_read(srv, "piece=65536&ignore_drain=1")
        print(f"control, drain ignored: RSS {rss.baseline >> 10} KiB -> peak {rss.peak >> 10} KiB")
        check(rss.growth > BODY // 2,
              f"control: a handler ignoring 'drain' grew RSS only {rss.growth >> 10} KiB; "
              "the memory measurement does not see queued bytes")
    # A full-speed read of a backpressured body is complete and intact.
    with test_server(args.bin_dir) as srv:
        with connect(srv.port) as s:
            s.sendall(f"GET /stream?bytes={BODY}&piece=100000 HTTP/1.1\r\nHost: x\r\n\r\n".encode())
            checker = PatternChecker()
            Reader(s).read(body_sink=checker)
            check(checker.count == BODY and checker.ok, "full-speed read of the same body")


if __name__ == "__main__":
    run(main)
