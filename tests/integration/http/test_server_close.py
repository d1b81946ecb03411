#!/usr/bin/env python3
"""server.close(): stops accepting at once, closes idle keep-alive connections at once, lets a
request in flight (a slow handler, an upload half sent) finish with its full response, then
closes those connections too, emits 'close' and the process exits by itself (nothing keeps
its loop alive)."""
import socket
import time

from httptest import HOST, Reader, check, connect, parse_args, run, test_server


def main():
    args = parse_args()
    srv = test_server(args.bin_dir)
    with srv:
        slow = connect(srv.port)
        slow.sendall(b"GET /slow?ms=800 HTTP/1.1\r\nHost: x\r\n\r\n")
        upload = connect(srv.port)
        upload.sendall(b"POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nhello")
        idle = connect(srv.port)
        idle.sendall(b"GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
        idle_rd = Reader(idle)
        check(idle_rd.read().status == 200, "idle connection's request")
        time.sleep(0.1)

        with connect(srv.port) as s:
            s.sendall(b"GET /close HTTP/1.1\r\nHost: x\r\n\r\n")
            rd = Reader(s)
            r = rd.read()
            check(r.body == b"closing\n" and r.header("Connection") == "close", f"/close: {r}")
            check(rd.closed(), "the /close connection stayed open")
        check(idle_rd.closed(2.0), "an idle keep-alive connection stayed open after close()")
        # No new connections.
        refused = False
        try:
            socket.create_connection((HOST, srv.port), timeout=2).close()
        except ConnectionRefusedError:
            refused = True
        check(refused, "a connection was accepted after close()")

        # The upload in flight completes.
        upload.sendall(b"world")
        up_rd = Reader(upload)
        r = up_rd.read()
        check(r.status == 200 and r.body.startswith(b"10 "), f"upload in flight: {r}")
        check(r.header("Connection") == "close", f"upload response after close(): {r.headers}")
        check(up_rd.closed(), "upload connection stayed open")

        # The slow handler completes too.
        slow_rd = Reader(slow)
        slow.settimeout(5)
        r = slow_rd.read()
        check(r.status == 200 and r.body == b"slow 800\n", f"slow request in flight: {r}")
        check(slow_rd.closed(), "slow connection stayed open")
        for sock in (slow, upload, idle):
            sock.close()

        code = srv.wait_exit(5)
        check(code == 0, f"server did not exit by itself after close() (exit status {code})")
        check("server closed" in srv.stdout_lines, f"no close callback: {srv.stdout_lines}")


if __name__ == "__main__":
    run(main)
