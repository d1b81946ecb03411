#!/usr/bin/env python3
"""What a request reports when things go wrong, over real sockets and processes: a server
closing in the middle of a body (Node's server, nodecc's server after a handler threw), a
server that never answers (timeout), an abort, a name that does not resolve, a refused
connection, and hostile responses from a raw server (framing the parser must reject)."""
import socket
import threading

from clienttest import (check, driver, free_port, node_server, parse_args, run, test_server)


def events(args, url, *extra):
    return driver(args.bin_dir, "events", "--url", url, *extra, timeout=60).split()


class RawServer:
    """Answers every connection with `data` (then closes), on a thread."""

    def __init__(self, data):
        self.data = data
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(16)
        self.port = self.sock.getsockname()[1]
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()

    def serve(self):
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            with conn:
                try:
                    conn.recv(65536)
                    conn.sendall(self.data)
                    conn.shutdown(socket.SHUT_WR)
                    conn.recv(65536)
                except OSError:
                    pass

    def close(self):
        self.sock.close()


def main():
    args = parse_args()
    node = node_server()
    if node is not None:
        with node:
            ev = events(args, f"http://127.0.0.1:{node.port}/cut?bytes=300000")
            check("aborted" in ev and "end" not in ev and "res-error:ECONNRESET" in ev,
                  f"node server closing mid-body: {ev}")
    with test_server(args.bin_dir) as srv:
        base = f"http://127.0.0.1:{srv.port}"
        ev = events(args, f"{base}/throw-after-write")
        check("aborted" in ev and "end" not in ev, f"nodecc server cut short: {ev}")
        ev = events(args, f"{base}/slow?ms=5000", "--timeout", "100")
        check(ev == ["socket", "timeout", "error:ECONNRESET", "close"], f"timeout: {ev}")
        ev = events(args, f"{base}/slow?ms=5000", "--abort-after", "100")
        check(ev == ["socket", "abort", "error:ECONNRESET", "close"], f"abort: {ev}")
        ev = events(args, f"{base}/hello", "--agent", "keepalive")
        check(ev == ["socket", "response:200", "data", "end", "close"], f"plain: {ev}")

    ev = events(args, f"http://127.0.0.1:{free_port()}/")
    check(ev == ["socket", "error:ECONNREFUSED", "close"], f"refused: {ev}")
    ev = events(args, "http://nonexistent.invalid/")
    check(ev in (["socket", "error:ENOTFOUND", "close"], ["socket", "error:EAI_AGAIN", "close"]),
          f"unresolvable: {ev}")
    if "error:EAI_AGAIN" in ev:
        print("the resolver could not answer (EAI_AGAIN): no DNS here")

    hostile = {
        b"HTTP/1.1 200 OK\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\nabc":
            "error:HPE_UNEXPECTED_CONTENT_LENGTH",
        b"HTTP/1.1 200 OK\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd":
            "error:HPE_UNEXPECTED_CONTENT_LENGTH",
        b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n-1\r\nabc\r\n0\r\n\r\n":
            "error:HPE_INVALID_CHUNK_SIZE",
        b"HTTP/1.1 200 OK\r\nFoo: bar\r\n baz\r\nContent-Length: 0\r\n\r\n":
            "error:HPE_INVALID_HEADER_TOKEN",
        b"HTTP/1.1 200 OK\nContent-Length: 0\n\n": "error:HPE_CR_EXPECTED",
        b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nab": "aborted",
    }
    for data, want in hostile.items():
        raw = RawServer(data)
        try:
            ev = events(args, f"http://127.0.0.1:{raw.port}/")
        finally:
            raw.close()
        check(want in ev and "end" not in ev, f"{data!r}: {ev}, want {want}")
    print("hostile responses rejected")


if __name__ == "__main__":
    run(main)
