#!/usr/bin/env python3
"""Request data that reaches the response head or looks like a framing field.

- RFC 9112 §11.1 (response splitting): a handler that copies request data into a header value,
  a header name or the status message cannot put CR or LF into the head: setHeader and
  writeHead throw (ERR_INVALID_CHAR / ERR_INVALID_HTTP_TOKEN, as Node) and the client sees no
  injected field and no second response.
- RFC 9110 §17.10 (field names mapped to other names): Transfer_Encoding is a field of its own,
  never Transfer-Encoding: a request carrying `Transfer_Encoding: chunked` has no body, and the
  chunked bytes after it are parsed as a (bad) request of their own, never as its body.
"""
from httptest import Reader, check, connect, parse_args, request, run, test_server

INJECTIONS = ["a%0d%0aX-Injected:%201", "a%0aX-Injected:%201", "a%0dX-Injected:%201",
              "a%0d%0a%0d%0aHTTP/1.1%20200%20OK%0d%0aX-Injected:%201"]


def main():
    args = parse_args()
    with test_server(args.bin_dir) as srv:
        r = request(srv.port, b"GET /reflect?v=plain HTTP/1.1\r\nHost: x\r\n\r\n")
        check(r.status == 200 and r.header("X-Reflect") == "plain", f"a plain value: {r}")
        r = request(srv.port, b"GET /reflect?how=head-list&v=plain HTTP/1.1\r\nHost: x\r\n\r\n")
        check(r.status == 200 and r.header("X-Reflect") == "plain", f"a plain list value: {r}")
        for how, code in (("set", b"ERR_INVALID_CHAR"), ("head", b"ERR_INVALID_CHAR"),
                          ("head-list", b"ERR_INVALID_CHAR"),
                          ("name", b"ERR_INVALID_HTTP_TOKEN"), ("status", b"ERR_INVALID_CHAR")):
            for v in INJECTIONS:
                with connect(srv.port) as s:
                    s.sendall(f"GET /reflect?how={how}&v={v} HTTP/1.1\r\nHost: x\r\n\r\n"
                              f"GET /hello HTTP/1.1\r\nHost: x\r\n\r\n".encode())
                    rd = Reader(s)
                    r = rd.read()
                    check(r.status == 500 and r.body == code + b"\n",
                          f"how={how} v={v}: not refused as Node refuses it: {r}")
                    check(r.header("X-Injected") is None, f"how={how} v={v}: injected: {r}")
                    nxt = rd.read()
                    check(nxt.status == 200 and nxt.body == b"hello\n"
                          and nxt.header("X-Injected") is None,
                          f"how={how} v={v}: the next response: {nxt}")

        # An invalid statusMessage found by end(): the handler's exception gets the server's
        # 500 and a closed connection (end() must not count as done when it threw).
        with connect(srv.port) as s:
            s.sendall(f"GET /reflect?how=status-end&v={INJECTIONS[0]} HTTP/1.1\r\nHost: x\r\n\r\n"
                      .encode())
            rd = Reader(s)
            r = rd.read()
            check(r.status == 500 and r.header("Connection") == "close"
                  and r.header("X-Injected") is None, f"status-end: {r}")
            check(rd.closed(), "status-end: the connection stays open")

        # Transfer_Encoding is not Transfer-Encoding.
        with connect(srv.port) as s:
            s.sendall(b"POST /info HTTP/1.1\r\nHost: x\r\nTransfer_Encoding: chunked\r\n\r\n"
                      b"5\r\nhello\r\n0\r\n\r\n")
            rd = Reader(s)
            r = rd.read()
            check(r.status == 200 and b"Transfer_Encoding: chunked" in r.body,
                  f"the request with Transfer_Encoding: {r}")
            bad = rd.read()
            check(bad.status == 400, f"the chunked bytes were not parsed as a request: {bad}")
            check(rd.closed(), "the connection stays open after the bad request")
        with connect(srv.port) as s:
            s.sendall(b"POST /echo HTTP/1.1\r\nHost: x\r\nTransfer_Encoding: chunked\r\n"
                      b"Content-Length: 0\r\n\r\n")
            r = Reader(s).read()
            check(r.status == 200 and r.body.startswith(b"0 "),
                  f"a body framed by Transfer_Encoding: {r}")


if __name__ == "__main__":
    run(main)
