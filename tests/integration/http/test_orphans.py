#!/usr/bin/env python3
"""Requests whose client leaves before the handler has ended the response (orphans).

- A handler that ends its response on the request's 'end' (which never comes once the client
  left mid-body): each such request is held, inert, for --orphan-timeout at most, then the
  server holds nothing (counted by /stats), whether the client closed or reset.
- --max-orphans bounds how many are held at once.
- A handler that ends the response from a timer after its client left (/slow): until then the
  exchange is not reused, so the late res.end() never reaches another client's response; the
  orphan is released by that res.end().
- Listeners that throw in 'aborted' and res 'close' (with an uncaughtException listener) do not
  keep the request for good.
- A coroutine handler suspended in co_await req.text() when its client leaves: the rejection
  ends it and its request is released at once.
"""
import re
import socket
import struct
import time

from httptest import Reader, check, connect, parse_args, request, run, test_server


def stats(port):
    body = request(port, b"GET /stats HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").body
    values = dict(re.findall(rb"(\w+) (\d+)", body))
    return {k.decode(): int(v) for k, v in values.items()}


def wait_for(port, key, value, timeout):
    """Polls /stats until stats[key] == value (the /stats request itself is one exchange)."""
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        last = stats(port)
        if last[key] == value:
            return last
        time.sleep(0.05)
    raise AssertionError  # replaced below by check()


def expect(port, key, value, timeout, what):
    try:
        return wait_for(port, key, value, timeout)
    except AssertionError:
        check(False, f"{what}: {key} is {stats(port)[key]}, expected {value} within {timeout} s")


def abandon_upload(port, path, reset):
    """A POST promising 1000 bytes that sends 10 and leaves (FIN, or RST with reset=True)."""
    s = connect(port)
    s.sendall(f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n".encode()
              + b"0123456789")
    time.sleep(0.001)
    if reset:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    s.close()


def main():
    args = parse_args()

    # Ends on 'end' only (/echo): orphans, released by the timeout.
    with test_server(args.bin_dir, "--orphan-timeout", "1500") as srv:
        for i in range(200):
            abandon_upload(srv.port, "/echo", reset=i % 2 == 1)
        st = expect(srv.port, "orphans", 200, 5, "200 abandoned uploads")
        check(st["exchanges"] == 201, f"exchanges held: {st}")
        # Still serving meanwhile.
        check(request(srv.port, b"GET /hello HTTP/1.1\r\nHost: x\r\n\r\n").body == b"hello\n",
              "serving with orphans held")
        st = expect(srv.port, "orphans", 0, 5, "orphans after the timeout")
        check(st["exchanges"] == 1, f"exchanges after the timeout: {st}")
        # The recycled exchanges serve uploads correctly.
        body = b"x" * 1000
        r = request(srv.port, b"POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n"
                    + body)
        check(r.body.startswith(b"1000 "), f"an upload after the orphans: {r}")

    # maxOrphans: the oldest go first.
    with test_server(args.bin_dir, "--orphan-timeout", "0", "--max-orphans", "50") as srv:
        for _ in range(120):
            abandon_upload(srv.port, "/never", reset=False)
        time.sleep(0.3)
        st = expect(srv.port, "orphans", 50, 5, "orphans past maxOrphans")
        check(st["exchanges"] == 51, f"exchanges past maxOrphans: {st}")

    # A late res.end() from a timer: never in another client's response.
    with test_server(args.bin_dir) as srv:
        for _ in range(20):
            with connect(srv.port) as s:
                s.sendall(b"GET /slow?ms=800 HTTP/1.1\r\nHost: x\r\n\r\n")
            # (closed at once: the handler's timer is still to fire)
        expect(srv.port, "orphans", 20, 5, "requests left while their timer runs")
        # Other clients are served while the timers run and when they fire, from new and
        # reused connections; none of them sees "slow".
        deadline = time.monotonic() + 1.5
        served = 0
        with connect(srv.port) as keep:
            rd = Reader(keep)
            while time.monotonic() < deadline:
                keep.sendall(b"GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
                r = rd.read()
                check(r.body == b"hello\n", f"a response mixed with an orphan's: {r}")
                r = request(srv.port, b"GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
                check(r.body == b"hello\n", f"a response mixed with an orphan's: {r}")
                served += 2
        check(served > 20, f"only {served} requests served beside the orphans")
        st = expect(srv.port, "orphans", 0, 5, "orphans after their res.end()")
        check(st["exchanges"] == 1, f"exchanges after the timers: {st}")

    # Throwing 'aborted' and 'close' listeners.
    with test_server(args.bin_dir, "--catch-uncaught", "--orphan-timeout", "500") as srv:
        for _ in range(30):
            abandon_upload(srv.port, "/throw-on-abort", reset=False)
        expect(srv.port, "exchanges", 1, 5, "requests whose listeners threw")
        check(request(srv.port, b"GET /hello HTTP/1.1\r\nHost: x\r\n\r\n").body == b"hello\n",
              "serving after throwing listeners")
        time.sleep(0.2)
        check(any("thrown by 'aborted'" in l for l in srv.stdout_lines),
              f"the 'aborted' listener's exception was not reported: {srv.stdout_lines[-5:]}")

    # A coroutine suspended in co_await req.text().
    with test_server(args.bin_dir, "--async") as srv:
        r = request(srv.port, b"POST /text HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello")
        check(r.body == b"5\n", f"/text: {r}")
        for i in range(100):
            abandon_upload(srv.port, "/text", reset=i % 2 == 0)
        st = expect(srv.port, "exchanges", 1, 5, "coroutines whose client left")
        check(st["orphans"] == 0, f"orphans of rejected coroutines: {st}")


if __name__ == "__main__":
    run(main)
