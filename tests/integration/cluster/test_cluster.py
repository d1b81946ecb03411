#!/usr/bin/env python3
"""cluster::run over real sockets: connections spread over every worker, per-worker state
stays per worker, broadcast reaches every worker, an uncaught exception ends one worker while
the others keep serving, SIGTERM stops gracefully (requests in flight finish, exit 0), and a
second SIGTERM forces the exit."""
import os
import signal
import socket
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "http"))
import httptest  # noqa: E402
from httptest import HOST, Reader, Server, check, connect, request, run  # noqa: E402


def get(port, path, timeout=10.0):
    r = request(port, f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode(),
                timeout=timeout)
    check(r.status == 200, f"GET {path}: status {r.status}")
    return r.body.decode()


def start(bin_dir, workers, *extra):
    path = os.path.join(bin_dir, "cluster-test-server")
    return Server([path, "--workers", str(workers), *extra]).start()


def spread_and_state(bin_dir):
    with start(bin_dir, 2) as srv:
        ids = [get(srv.port, "/id") for _ in range(200)]
        check(set(ids) == {"1", "2"}, f"200 connections reached workers {sorted(set(ids))}")
        # Per-worker counters: on each worker, the counts it reports only grow by one each time
        # it serves a request (nothing is shared between workers).
        last = {}
        for _ in range(100):
            w, count, _ = get(srv.port, "/count").split()
            count = int(count)
            if w in last:
                check(count == last[w] + 1, f"worker {w} count {last[w]} then {count}")
            last[w] = count
        # Keep-alive: every request of one connection stays on the worker that accepted it.
        with connect(srv.port) as s:
            reader = Reader(s)
            seen = set()
            for _ in range(20):
                s.sendall(b"GET /id HTTP/1.1\r\nHost: x\r\n\r\n")
                seen.add(reader.read().body)
            check(len(seen) == 1, f"one keep-alive connection served by {seen}")
        reached = int(get(srv.port, "/broadcast"))
        check(reached == 2, f"broadcast reached {reached} workers")
        deadline = time.monotonic() + 10
        got = {}
        while time.monotonic() < deadline and len(got) < 2:
            w, _, b = get(srv.port, "/count").split()
            got[w] = int(b)
        check(got == {"1": 1, "2": 1}, f"broadcasts seen per worker: {got}")


def graceful_stop(bin_dir):
    srv = start(bin_dir, 2)
    try:
        results = []

        def slow():
            try:
                r = request(srv.port, b"GET /slow?ms=1500 HTTP/1.1\r\nHost: x\r\n\r\n",
                            timeout=20)
                results.append((r.status, len(r.body)))
            except Exception as e:  # noqa: BLE001 - reported below
                results.append(repr(e))

        threads = [threading.Thread(target=slow) for _ in range(8)]
        for t in threads:
            t.start()
        time.sleep(0.5)  # the requests are in flight
        srv.proc.send_signal(signal.SIGTERM)
        time.sleep(0.3)
        refused = False
        try:
            with socket.create_connection((HOST, srv.port), timeout=2) as s:
                s.sendall(b"GET /id HTTP/1.1\r\nHost: x\r\n\r\n")
                refused = s.recv(100) == b""
        except OSError:
            refused = True
        check(refused, "a new connection was served after SIGTERM")
        for t in threads:
            t.join(20)
        check(results == [(200, 100000)] * 8, f"in-flight requests after SIGTERM: {results}")
        code = srv.wait_exit(10)
        check(code == 0, f"exit status after SIGTERM: {code}")
    finally:
        srv.stop()


def second_signal(bin_dir):
    srv = start(bin_dir, 2)
    try:
        def slow():
            try:
                request(srv.port, b"GET /slow?ms=20000 HTTP/1.1\r\nHost: x\r\n\r\n", timeout=30)
            except Exception:  # noqa: BLE001 - the forced exit cuts it
                pass

        t = threading.Thread(target=slow, daemon=True)
        t.start()
        time.sleep(0.5)
        srv.proc.send_signal(signal.SIGTERM)
        time.sleep(0.3)
        check(srv.alive(), "exited with a request in flight after one SIGTERM")
        srv.proc.send_signal(signal.SIGTERM)
        code = srv.wait_exit(5)
        check(code == 1, f"exit status after a second SIGTERM: {code}")
    finally:
        srv.stop()


def worker_failure(bin_dir):
    with start(bin_dir, 2) as srv:
        # Throw on one worker (whichever accepts); the other keeps serving.
        check(get(srv.port, "/throw") == "thrown soon", "/throw")
        ok = httptest.wait_until(lambda: "worker" in srv.stderr(), 10)
        check(ok, "no report of the uncaught exception")
        err = srv.stderr()
        check("boom in a worker" in err and "nodecc cluster: worker" in err,
              f"report: {err[-500:]}")
        served = 0
        for _ in range(50):
            try:
                get(srv.port, "/id", timeout=5)
                served += 1
            except (OSError, httptest.TestFailure):
                pass  # a connection queued on the ended worker's listener
        check(served >= 45, f"only {served}/50 requests served after a worker ended")
        check(srv.alive(), "the process ended with a worker")


def main():
    args = httptest.parse_args()
    spread_and_state(args.bin_dir)
    graceful_stop(args.bin_dir)
    second_signal(args.bin_dir)
    worker_failure(args.bin_dir)


if __name__ == "__main__":
    run(main)
