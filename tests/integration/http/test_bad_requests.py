#!/usr/bin/env python3
"""Malformed requests: each is answered with its status ("HTTP/1.1 <status> <reason>" and
Connection: close), nothing after it on the connection is answered, and the connection
closes; meanwhile a well-behaved keep-alive client on its own connection keeps getting
answers. Statuses are nodecc's (tests/compat/http lists where Node answers differently)."""
import threading
import time

from httptest import Reader, check, connect, parse_args, run, test_server

H = b"Host: x\r\n"
CHUNKED = b"POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"

# (name, request bytes, expected status)
CASES = [
    ("unknown method", b"FOO / HTTP/1.1\r\n" + H + b"\r\n", 501),
    ("lower-case method", b"get / HTTP/1.1\r\n" + H + b"\r\n", 501),
    ("method with a bad byte", b"GE(T / HTTP/1.1\r\n" + H + b"\r\n", 400),
    ("HTTP/2.0", b"GET / HTTP/2.0\r\n" + H + b"\r\n", 505),
    ("HTTP/1.2", b"GET / HTTP/1.2\r\n" + H + b"\r\n", 505),
    ("HTTP/0.9 version", b"GET / HTTP/0.9\r\n" + H + b"\r\n", 505),
    ("not HTTP", b"GET / HTTX/1.1\r\n" + H + b"\r\n", 400),
    ("no version", b"GET /\r\n" + H + b"\r\n", 400),
    ("two spaces in the request line", b"GET  / HTTP/1.1\r\n" + H + b"\r\n", 400),
    ("relative target", b"GET foo HTTP/1.1\r\n" + H + b"\r\n", 400),
    ("missing Host on 1.1", b"GET / HTTP/1.1\r\n\r\n", 400),
    ("two Host fields", b"GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),
    ("bad Host", b"GET / HTTP/1.1\r\nHost: a b\r\n\r\n", 400),
    ("Content-Length with Transfer-Encoding",
     b"POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n"
     b"0\r\n\r\n", 400),
    ("duplicate Content-Length, different",
     b"POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd", 400),
    ("duplicate Content-Length, same",
     b"POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\nabc", 400),
    ("Content-Length list",
     b"POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 3, 3\r\n\r\nabc", 400),
    ("Content-Length not a number",
     b"POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 1a\r\n\r\n", 400),
    ("negative Content-Length",
     b"POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n", 400),
    ("Content-Length overflow",
     b"POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 184467440737095516160\r\n\r\n", 400),
    ("Transfer-Encoding not ending in chunked",
     b"POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, gzip\r\n\r\n", 400),
    ("Transfer-Encoding on HTTP/1.0",
     b"POST /echo HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400),
    ("bare LF line endings", b"GET / HTTP/1.1\nHost: x\n\n", 400),
    ("bare LF in a field", b"GET / HTTP/1.1\r\nHost: x\nX-A: b\r\n\r\n", 400),
    ("bare CR", b"GET / HTTP/1.1\r\nHost: x\rX-A: b\r\n\r\n", 400),
    ("obs-fold", b"GET / HTTP/1.1\r\n" + H + b"X-A: a\r\n  folded\r\n\r\n", 400),
    ("NUL in a field value", b"GET / HTTP/1.1\r\n" + H + b"X-A: a\x00b\r\n\r\n", 400),
    ("NUL in the target", b"GET /a\x00b HTTP/1.1\r\n" + H + b"\r\n", 400),
    ("control byte in a value", b"GET / HTTP/1.1\r\n" + H + b"X-A: a\x01b\r\n\r\n", 400),
    ("DEL in the target", b"GET /a\x7fb HTTP/1.1\r\n" + H + b"\r\n", 400),
    ("space before the colon", b"GET / HTTP/1.1\r\nHost : x\r\n\r\n", 400),
    ("bad byte in a field name", b"GET / HTTP/1.1\r\n" + H + b"X(A): b\r\n\r\n", 400),
    ("empty field name", b"GET / HTTP/1.1\r\n" + H + b": b\r\n\r\n", 400),
    ("field line without a colon", b"GET / HTTP/1.1\r\n" + H + b"NoColon\r\n\r\n", 400),
    ("URI over 8 KiB", b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\n" + H + b"\r\n", 414),
    ("headers over 16 KiB",
     b"GET / HTTP/1.1\r\n" + H + b"X-Big: " + b"b" * 17000 + b"\r\n\r\n", 431),
    ("over 2,000 header fields",
     b"GET / HTTP/1.1\r\n" + H + b"".join(b"X-%d: v\r\n" % i for i in range(2001)) + b"\r\n", 431),
    ("bad chunk size", CHUNKED + b"zz\r\nabc\r\n0\r\n\r\n", 400),
    ("chunk size with a space", CHUNKED + b"3 \r\nabc\r\n0\r\n\r\n", 400),
    ("chunk data not followed by CRLF", CHUNKED + b"3\r\nabcX\r\n0\r\n\r\n", 400),
    ("chunk size overflow", CHUNKED + b"1" + b"0" * 17 + b"\r\n", 400),
    ("chunk extension over 16 KiB", CHUNKED + b"3;" + b"e" * 17000 + b"\r\nabc\r\n0\r\n\r\n", 413),
    ("bad chunk extension", CHUNKED + b"3;=x\r\nabc\r\n0\r\n\r\n", 400),
    ("bad trailer", CHUNKED + b"3\r\nabc\r\n0\r\nBad Trailer: x\r\n\r\n", 400),
    ("TLS handshake bytes", b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + b"\x00" * 40, 400),
]

# Followed, in the same write, by a valid request that must not be answered.
FOLLOW = b"GET /hello HTTP/1.1\r\nHost: x\r\n\r\n"


def bad_request(port, name, raw, status, follow):
    with connect(port, timeout=10) as s:
        try:
            s.sendall(raw + (FOLLOW if follow else b""))
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server may reject and close before taking every byte
        rd = Reader(s)
        r = rd.read()
        check(r.status == status, f"{name}: status {r.status}, want {status}")
        check(r.header("Connection") == "close", f"{name}: no Connection: close {r.headers}")
        check(rd.closed(3.0), f"{name}: connection not closed after the error response")


class GoodClient(threading.Thread):
    """Sends a request, reads its answer, again and again, on one keep-alive connection."""

    def __init__(self, port):
        super().__init__(daemon=True)
        self.port = port
        self.stop = threading.Event()
        self.answered = 0
        self.error = None

    def run(self):
        try:
            with connect(self.port, timeout=10) as s:
                rd = Reader(s)
                while not self.stop.is_set():
                    n = self.answered
                    s.sendall(f"GET /info?n={n} HTTP/1.1\r\nHost: good\r\n\r\n".encode())
                    r = rd.read()
                    if r.status != 200 or not r.body.startswith(f"GET /info?n={n} ".encode()):
                        self.error = f"good client, request {n}: {r}"
                        return
                    self.answered += 1
        except Exception as e:  # noqa: BLE001 - any failure of the good client is the finding
            self.error = f"good client failed after {self.answered} answers: {e!r}"


def main():
    args = parse_args()
    with test_server(args.bin_dir) as srv:
        good = GoodClient(srv.port)
        good.start()
        for follow in (False, True):
            for name, raw, status in CASES:
                bad_request(srv.port, name, raw, status, follow)
                check(good.error is None, good.error or "")
        # A bad request after good ones on one connection: the good ones are answered in order,
        # then the error, then the close.
        with connect(srv.port) as s:
            s.sendall(b"GET /slow?ms=100 HTTP/1.1\r\nHost: x\r\n\r\nGET /hello HTTP/1.1\r\n"
                      b"Host: x\r\n\r\nFOO / HTTP/1.1\r\nHost: x\r\n\r\n")
            rd = Reader(s)
            r1, r2, r3 = rd.read(), rd.read(), rd.read()
            check(r1.body == b"slow 100\n" and r2.body == b"hello\n" and r3.status == 501,
                  f"pipelined then bad: {r1} {r2} {r3}")
            check(rd.closed(), "pipelined then bad: not closed")
        # A body error while the handler has not answered: the error response, then the close
        # (not a wait for the handler).
        with connect(srv.port) as s:
            s.sendall(CHUNKED + b"5\r\nhello\r\n")
            time.sleep(0.1)
            s.sendall(b"zz\r\n")
            rd = Reader(s)
            r = rd.read()
            check(r.status == 400 and rd.closed(3.0), f"body error mid-request: {r}")
        time.sleep(0.2)
        good.stop.set()
        good.join(10)
        check(good.error is None, good.error or "")
        check(good.answered > 50, f"the good client got only {good.answered} answers")
        print(f"{2 * len(CASES)} bad requests rejected; "
              f"the good client got {good.answered} answers")


if __name__ == "__main__":
    run(main)
