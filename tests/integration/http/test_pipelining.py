#!/usr/bin/env python3
"""Pipelining: 100 requests in one write are answered in order, also when later responses are
ready before earlier ones (timers), with bodies and HEAD in the mix, past the server's limit
of requests parsed ahead (64), and up to a Connection: close in the middle (asked by the
client, or set by a handler answering after the requests behind it were answered)."""
import hashlib

from httptest import Reader, check, connect, example, parse_args, run, test_server


def echo_in_order(args):
    with example(args.bin_dir, "echo") as echo:
        with connect(echo.port) as s:
            s.sendall(b"".join(f"GET /?value=req{i} HTTP/1.1\r\nHost: x\r\n\r\n".encode()
                               for i in range(100)))
            rd = Reader(s)
            for i in range(100):
                r = rd.read()
                check(r.status == 200 and r.body == f"req{i}".encode(),
                      f"pipelined #{i}: {r.status} {r.body!r}")
            # The connection is still usable afterwards.
            s.sendall(b"GET /?value=after HTTP/1.1\r\nHost: x\r\n\r\n")
            check(rd.read().body == b"after", "request after the pipeline")


def mixed_in_order(args):
    body = bytes(range(256)) * 40
    digest = hashlib.sha256(body).hexdigest()
    with test_server(args.bin_dir) as srv:
        reqs, expect = [], []
        for i in range(100):
            kind = i % 5
            if kind == 0:
                # Later requests get shorter delays: their responses are ready first.
                ms = (100 - i) // 5
                reqs.append(f"GET /slow?ms={ms} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
                expect.append(("GET", f"slow {ms}\n".encode()))
            elif kind == 1:
                reqs.append(f"GET /info?i={i} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
                expect.append(("GET", f"GET /info?i={i} HTTP/1.1\nHost: x\n".encode()))
            elif kind == 2:
                reqs.append(f"POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: {len(body)}\r\n\r\n"
                            .encode() + body)
                expect.append(("POST", f"{len(body)} {digest}\n".encode()))
            elif kind == 3:
                reqs.append(b"HEAD /hello HTTP/1.1\r\nHost: x\r\n\r\n")
                expect.append(("HEAD", b""))
            else:
                reqs.append(f"GET /stream?bytes={1000 * i}&chunked=1 HTTP/1.1\r\nHost: x\r\n\r\n"
                            .encode())
                expect.append(("GET", 1000 * i))
        with connect(srv.port, timeout=20) as s:
            s.sendall(b"".join(reqs))
            rd = Reader(s)
            for i, (method, want) in enumerate(expect):
                r = rd.read(head_request=(method == "HEAD"))
                check(r.status == 200, f"mixed #{i}: status {r.status}")
                if isinstance(want, int):
                    check(len(r.body) == want, f"mixed #{i}: {len(r.body)} bytes, want {want}")
                else:
                    check(r.body == want, f"mixed #{i}: {r.body[:200]!r}, want {want!r}")


def close_in_the_middle(args):
    with example(args.bin_dir, "echo") as echo:
        with connect(echo.port) as s:
            reqs = [f"GET /?value={i} HTTP/1.1\r\nHost: x\r\n\r\n".encode() for i in range(10)]
            reqs[4] = b"GET /?value=last HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
            s.sendall(b"".join(reqs))
            rd = Reader(s)
            for i in range(4):
                check(rd.read().body == str(i).encode(), f"before close #{i}")
            r = rd.read()
            check(r.body == b"last" and r.header("Connection") == "close", f"close response {r}")
            check(rd.closed(), "requests after Connection: close were answered or left open")


def close_by_a_response(args):
    # The handler answers late with Connection: close while the requests behind it were
    # parsed (and answered) already: the close response is the last, then the connection ends.
    with test_server(args.bin_dir) as srv:
        with connect(srv.port) as s:
            s.sendall(b"GET /slow?ms=100&close=1 HTTP/1.1\r\nHost: x\r\n\r\n" +
                      b"GET /hello HTTP/1.1\r\nHost: x\r\n\r\n" * 3)
            rd = Reader(s)
            r = rd.read()
            check(r.body == b"slow 100\n" and r.header("Connection") == "close",
                  f"close response {r}")
            check(rd.closed(3.0), "connection open after a Connection: close response")


def main():
    args = parse_args()
    echo_in_order(args)
    mixed_in_order(args)
    close_in_the_middle(args)
    close_by_a_response(args)


if __name__ == "__main__":
    run(main)
