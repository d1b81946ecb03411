#!/usr/bin/env python3
"""Timeouts, configured short through createServer options: keepAliveTimeout closes an idle
keep-alive connection (and requests in time keep it open); headersTimeout answers 408 to a
head that does not complete in time, however it trickles in (slowloris), and to a connection
that never sends anything; requestTimeout answers 408 to a body that does not complete in
time; none of them interrupts a handler that is slow to answer a complete request."""
import select
import time

from httptest import Reader, TestFailure, check, connect, parse_args, run, test_server

KEEP_ALIVE_MS = 300
HEADERS_MS = 600
REQUEST_MS = 1200
# Timers fire on the loop's clock: allow this much lateness on a loaded machine.
SLACK_S = 1.0


def closed_after(rd, low_s, high_s, what):
    start = time.monotonic()
    check(rd.closed(high_s + SLACK_S), f"{what}: still open after {high_s + SLACK_S:.1f} s")
    took = time.monotonic() - start
    check(took >= low_s, f"{what}: closed after {took:.2f} s, before {low_s:.2f} s")
    return took


def expect_408(s, low_s, high_s, what):
    start = time.monotonic()
    s.settimeout(high_s + SLACK_S)
    rd = Reader(s)
    try:
        r = rd.read()
    except TimeoutError:
        raise TestFailure(f"{what}: no answer within {high_s + SLACK_S:.1f} s")
    took = time.monotonic() - start
    check(r.status == 408 and r.header("Connection") == "close", f"{what}: {r}")
    check(took >= low_s, f"{what}: 408 after {took:.2f} s, before {low_s:.2f} s")
    check(rd.closed(2.0), f"{what}: not closed after the 408")


def main():
    args = parse_args()
    opts = ["--keep-alive-timeout", str(KEEP_ALIVE_MS), "--headers-timeout", str(HEADERS_MS),
            "--request-timeout", str(REQUEST_MS)]
    with test_server(args.bin_dir, *opts) as srv:
        # keepAliveTimeout: requests 100 ms apart keep the connection, then idleness closes it.
        with connect(srv.port) as s:
            rd = Reader(s)
            for i in range(5):
                s.sendall(b"GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
                r = rd.read()
                check(r.status == 200 and r.header("Keep-Alive") == "timeout=0",
                      f"keep-alive request {i}: {r}")
                time.sleep(0.1)
            s.sendall(b"GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
            rd.read()
            took = closed_after(rd, KEEP_ALIVE_MS / 1000 * 0.8, KEEP_ALIVE_MS / 1000,
                                "keepAliveTimeout")
            print(f"keep-alive timeout closed the idle connection after {took:.2f} s")

        # A request that arrived in two reads leaves the connection idle too: closed silently
        # after keepAliveTimeout (not answered 408 after headersTimeout).
        with connect(srv.port) as s:
            s.sendall(b"GET /hello HTTP/1.1\r\nHo")
            time.sleep(0.05)
            s.sendall(b"st: x\r\n\r\n")
            rd = Reader(s)
            check(rd.read().status == 200, "request in two pieces")
            closed_after(rd, KEEP_ALIVE_MS / 1000 * 0.8, KEEP_ALIVE_MS / 1000,
                         "keepAliveTimeout after a request in two pieces")
            check(rd.buf == b"", f"bytes after the response on an idle connection: {rd.buf!r}")

        # headersTimeout: an incomplete head.
        with connect(srv.port) as s:
            s.sendall(b"GET /hello HTTP/1.1\r\nHo")
            expect_408(s, HEADERS_MS / 1000 * 0.8, HEADERS_MS / 1000, "headersTimeout")
        # Slowloris: a byte every 50 ms does not restart the clock.
        with connect(srv.port) as s:
            start = time.monotonic()
            head = b"GET /hello HTTP/1.1\r\nHost: x\r\n" + b"X-Slow: " + b"s" * 200
            for i in range(len(head)):
                try:
                    s.sendall(head[i:i + 1])
                except (BrokenPipeError, ConnectionResetError):
                    break
                if time.monotonic() - start > (HEADERS_MS / 1000) + SLACK_S + 1:
                    break
                # Stop trickling once the server has answered.
                if select.select([s], [], [], 0.05)[0]:
                    break
            took = time.monotonic() - start
            rd = Reader(s)
            r = rd.read()
            check(r.status == 408, f"slowloris: {r}")
            check(took < HEADERS_MS / 1000 + SLACK_S + 0.5, f"slowloris lasted {took:.2f} s")
        # A connection that sends nothing gets the headers timeout too.
        with connect(srv.port) as s:
            expect_408(s, HEADERS_MS / 1000 * 0.8, HEADERS_MS / 1000, "silent connection")
        # After a complete request, a partial next head is on the headers clock again.
        with connect(srv.port) as s:
            s.sendall(b"GET /hello HTTP/1.1\r\nHost: x\r\n\r\nGET /hel")
            rd = Reader(s)
            check(rd.read().status == 200, "request before the partial head")
            start = time.monotonic()
            r = rd.read()
            took = time.monotonic() - start
            check(r.status == 408 and took < HEADERS_MS / 1000 + SLACK_S,
                  f"partial second head: {r}")

        # requestTimeout: a body that stops arriving.
        with connect(srv.port) as s:
            s.sendall(b"POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n" + b"x" * 10)
            expect_408(s, REQUEST_MS / 1000 * 0.8, REQUEST_MS / 1000, "requestTimeout")

        # A slow handler is not a slow client: no timeout cuts it off.
        with connect(srv.port) as s:
            ms = REQUEST_MS + 300
            s.sendall(f"GET /slow?ms={ms} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
            s.sendall(f"POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc".encode())
            s.settimeout(ms / 1000 + SLACK_S + 1)
            rd = Reader(s)
            r = rd.read()
            check(r.status == 200 and r.body == f"slow {ms}\n".encode(), f"slow handler: {r}")
            r = rd.read()
            check(r.status == 200 and r.body.startswith(b"3 "), f"after the slow handler: {r}")


if __name__ == "__main__":
    run(main)
