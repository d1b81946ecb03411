#!/usr/bin/env python3
"""Graceful shutdown under load (robust-test-server --cluster: cluster::run's SIGTERM handling,
and `nodecc serve`'s own).

1. 1,000 requests in flight (300 under ASan), half answered after a delay (/slow), half with
   the head sent at once and the body streamed in pieces (/slowstream); once the server
   reports all 1,000 in its handlers, SIGTERM: every one completes with its full body (checked
   byte for byte), new connections are refused from then on, and the process exits 0.
2. A second SIGTERM while requests are still in flight ends the process at once (exit 1).
3. cluster::Options::shutdownTimeout (1.5 s here) ends a stop that takes longer (exit 1).
4. `nodecc serve`: 100 downloads of an 8 MiB file in flight, read slowly; SIGTERM: each
   completes intact, new connections are refused, exit 0.
With --tls (robusttest.parse_args) the server is https and the clients handshake first.
"""
import os
import shutil
import signal
import socket
import tempfile
import threading
import time

from robusttest import httptest  # noqa: I100 - robusttest puts ../http on sys.path
from robusttest import (HOST, Job, Reader, Swarm, check, expect_pattern, get_request, http_get,
                        nodecc_serve, parse_args, pattern, raise_own_nofile, refused,
                        robust_server, run, wait_until)


def in_flight(port):
    status, body = http_get(port, "/inflight")
    check(status == 200, f"/inflight: {status}")
    return int(body)


def start_swarm(port, jobs, timeout):
    swarm = Swarm(port, concurrency=len(jobs))
    failure = []

    def go():
        try:
            swarm.run(jobs, timeout)
        except Exception as e:  # noqa: BLE001 - reported by the test
            failure.append(repr(e))

    t = threading.Thread(target=go, daemon=True)
    t.start()
    return t, failure


def many_in_flight(args):
    clients = 300 if httptest.SANITIZED else 1000
    delay_ms = 4000
    jobs = []
    for i in range(clients):
        if i % 2 == 0:
            n = 16384
            path = f"/slow?ms={delay_ms}&id={i}&bytes={n}"
        else:
            n = 65536
            path = f"/slowstream?id={i}&bytes={n}&pieces=20&ms={delay_ms // 20}"
        jobs.append(Job(get_request(path), expect_pattern(i, n)))
    srv = robust_server(args.bin_dir, "--cluster", nofile=4096).start()
    try:
        t, failure = start_swarm(srv.port, jobs, timeout=60)
        check(wait_until(lambda: in_flight(srv.port) >= clients, 20, interval=0.1),
              f"only {in_flight(srv.port)} of {clients} requests reached the handlers")
        srv.proc.send_signal(signal.SIGTERM)
        sent = time.monotonic()
        time.sleep(0.3)
        checks = 0
        while t.is_alive() and checks < 10:
            check(refused(srv.port), "a new connection was served after SIGTERM")
            checks += 1
            time.sleep(0.2)
        t.join(60)
        check(not failure, f"clients: {failure}")
        bad = [(i, j.error) for i, j in enumerate(jobs) if j.error or not j.done]
        check(not bad, f"{len(bad)} of {clients} in-flight requests failed after SIGTERM, "
                       f"e.g. {bad[:3]}")
        code = srv.wait_exit(15)
        took = time.monotonic() - sent
        check(code == 0, f"exit status after SIGTERM: {code}")
        print(f"SIGTERM with {clients} requests in flight: all completed with their full bodies, "
              f"{checks} new connections refused meanwhile, exit 0 after {took:.1f} s")
    finally:
        srv.stop()


def second_signal(args, extra, what):
    srv = robust_server(args.bin_dir, "--cluster", *extra, nofile=4096).start()
    try:
        jobs = [Job(get_request(f"/slow?ms=20000&id={i}&bytes=100")) for i in range(50)]
        t, failure = start_swarm(srv.port, jobs, timeout=30)
        check(wait_until(lambda: in_flight(srv.port) >= 50, 10, interval=0.1),
              "the slow requests did not arrive")
        srv.proc.send_signal(signal.SIGTERM)
        sent = time.monotonic()
        time.sleep(0.5)
        check(srv.alive(), "exited with requests in flight after one SIGTERM")
        check(refused(srv.port), "a new connection was served after SIGTERM")
        if what == "signal":
            srv.proc.send_signal(signal.SIGTERM)
        code = srv.wait_exit(10)
        took = time.monotonic() - sent
        t.join(15)
        check(not t.is_alive(), "clients still waiting after the forced exit")
        cut = sum(1 for j in jobs if j.error)
        check(code == 1, f"exit status after {what}: {code}")
        check(cut == 50, f"{50 - cut} of 50 requests were answered although the exit was forced")
        return took
    finally:
        srv.stop()


def serve_in_flight(args):
    size = 8 << 20
    root = tempfile.mkdtemp(prefix="nodecc-robust-shutdown-")
    block = pattern(9, 1 << 20)
    try:
        with open(os.path.join(root, "big.bin"), "wb") as f:
            for _ in range(size >> 20):
                f.write(block)
        srv = nodecc_serve(args.bin_dir, root, nofile=4096).start()
        try:
            clients = 100
            results = [None] * clients
            started = threading.Barrier(clients + 1)

            def download(i):
                try:
                    s = socket.socket()
                    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 65536)
                    s.settimeout(30)
                    s.connect((HOST, srv.port))
                    with s:
                        s.sendall(get_request("/big.bin"))
                        got = bytearray()
                        first = True
                        rd = Reader(s)

                        def sink(data):
                            nonlocal first
                            got.extend(data)
                            if first:
                                first = False
                                started.wait(20)
                            time.sleep(0.01)  # 8 MiB take seconds: still in flight at SIGTERM

                        r = rd.read(body_sink=sink)
                        ok = r.status == 200 and len(got) == size and all(
                            got[k:k + len(block)] == block for k in range(0, size, len(block)))
                        results[i] = "ok" if ok else f"status {r.status}, {len(got)} bytes"
                except Exception as e:  # noqa: BLE001 - reported by the test
                    results[i] = repr(e)

            threads = [threading.Thread(target=download, args=(i,), daemon=True)
                       for i in range(clients)]
            for t in threads:
                t.start()
            started.wait(20)
            srv.proc.send_signal(signal.SIGTERM)
            unfinished = sum(1 for r in results if r is None)
            check(unfinished >= clients * 0.9,
                  f"nodecc serve: only {unfinished} downloads were in flight at SIGTERM")
            time.sleep(0.3)
            check(refused(srv.port), "nodecc serve: a new connection was served after SIGTERM")
            for t in threads:
                t.join(60)
            bad = [(i, r) for i, r in enumerate(results) if r != "ok"]
            check(not bad, f"nodecc serve: {len(bad)} downloads failed after SIGTERM: {bad[:3]}")
            code = srv.wait_exit(15)
            check(code == 0, f"nodecc serve: exit status after SIGTERM: {code}")
            print(f"nodecc serve: SIGTERM with {unfinished} 8 MiB downloads in flight: all "
                  "complete and intact, new connections refused, exit 0")
        finally:
            srv.stop()
    finally:
        shutil.rmtree(root, ignore_errors=True)


def main():
    def extra(ap):
        ap.add_argument("--only", default="", help="inflight, signal or serve")
    args = parse_args(extra)
    raise_own_nofile(8192)
    if not args.only or args.only == "inflight":
        many_in_flight(args)
    if not args.only or args.only == "signal":
        took = second_signal(args, [], "signal")
        print(f"second SIGTERM with 50 requests in flight: exit 1 after {took:.2f} s")
        took = second_signal(args, ["--shutdown-timeout", "1500"], "timeout")
        print(f"shutdownTimeout 1.5 s with 50 requests in flight: exit 1 after {took:.2f} s")
        check(1.2 <= took <= 5.0, f"shutdownTimeout 1.5 s: exit after {took:.2f} s")
    if not args.only or args.only == "serve":
        serve_in_flight(args)


if __name__ == "__main__":
    run(main)
