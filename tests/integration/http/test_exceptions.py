#!/usr/bin/env python3
"""An exception thrown by a request handler: the request gets a 500 with Connection: close
when nothing was sent yet (the connection closes), the connection is destroyed when part of
the response was sent, the exception is reported on stderr, and the server keeps serving
other connections (and repeated throws)."""
import time

from httptest import Reader, check, connect, parse_args, rss_bytes, rss_slack, run, test_server


def main():
    args = parse_args()
    with test_server(args.bin_dir) as srv:
        with connect(srv.port) as s:
            s.sendall(b"GET /throw HTTP/1.1\r\nHost: x\r\n\r\n")
            rd = Reader(s)
            r = rd.read()
            check(r.status == 500 and r.header("Connection") == "close", f"/throw: {r}")
            check(rd.closed(), "connection open after a 500")
        with connect(srv.port) as s:
            s.sendall(b"GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
            check(Reader(s).read().body == b"hello\n", "serving after an exception")

        # Pipelined: answered up to the throw, nothing after it.
        with connect(srv.port) as s:
            s.sendall(b"GET /hello HTTP/1.1\r\nHost: x\r\n\r\n"
                      b"GET /throw HTTP/1.1\r\nHost: x\r\n\r\n"
                      b"GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
            rd = Reader(s)
            check(rd.read().status == 200, "request before the throw")
            check(rd.read().status == 500, "the throw")
            check(rd.closed(), "requests after the throw were answered or left open")

        # Part of the response sent: the connection is cut (the client sees a truncated body).
        with connect(srv.port) as s:
            s.sendall(b"GET /throw-after-write HTTP/1.1\r\nHost: x\r\n\r\n")
            s.settimeout(3)
            got = b""
            while True:
                try:
                    data = s.recv(65536)
                except ConnectionResetError:
                    break
                if not data:
                    break
                got += data
            check(got.startswith(b"HTTP/1.1 200 OK\r\n") and b"partial" in got, f"partial: {got!r}")
            check(not got.endswith(b"0\r\n\r\n"), f"a cut response ended as complete: {got!r}")

        # Many throws: still serving, memory steady.
        before = rss_bytes(srv.pid)
        for i in range(300):
            with connect(srv.port) as s:
                s.sendall(b"GET /throw HTTP/1.1\r\nHost: x\r\n\r\n")
                check(Reader(s).read().status == 500, f"throw #{i}")
        growth = rss_bytes(srv.pid) - before
        check(growth < (8 << 20) + rss_slack(), f"300 exceptions grew RSS by {growth >> 10} KiB")
        with connect(srv.port) as s:
            s.sendall(b"GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
            check(Reader(s).read().body == b"hello\n", "serving after 300 exceptions")
        time.sleep(0.1)
        err = srv.stderr()
        check("thrown by /throw" in err and "thrown by /throw-after-write" in err,
              f"exceptions not reported on stderr: {err[-500:]!r}")
        check(srv.alive(), "the server exited")


if __name__ == "__main__":
    run(main)
