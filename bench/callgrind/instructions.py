#!/usr/bin/env python3
"""User-space instructions per request of nodecc's hot paths, counted by callgrind.

    bench/callgrind/instructions.py --bin-dir build-cg/bin [--scenarios hello,echo,proxy]
                                    [--env NODECC_RECORD=ring:64M ...]
    bench/callgrind/instructions.py --bin-dir build/bin --scenarios http-hello,express-hello

The express scenarios run bench/express's server (bench-express, MODE and PORT from the
environment as bench/express/run.py starts it) with each Express scenario and its bare-http twin.

Counts repeat exactly for the same binary and load shape (docs/performance.md says how they
are taken), so a change near the request path can be judged by them where req/s moves by 2x
between days. Each scenario starts its server under `valgrind --tool=callgrind`, drives it with
`wrk -t1` for --seconds, stops it with SIGTERM and divides the program's total instruction count
by wrk's request count. Build the binaries with -O3 -g (see bench/callgrind/README.md).
"""
import argparse
import glob
import http.client
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time

HOST = "127.0.0.1"

SCENARIOS = {
    # name: (server binary, its args, wrk connections, path, upstream binary or None)
    "hello": ("example-hello", [], 50, "/", None),
    "echo": ("example-echo", [], 50, "/?value=hello-world", None),
    "proxy": ("example-proxy", ["--upstream", "http://127.0.0.1:{up}"], 16, "/", "example-hello"),
}
# bench/express's scenarios: name -> (MODE, ROUTES, path).
EXPRESS_SCENARIOS = {
    "http-hello": ("http-hello", 0, "/"),
    "http-hello-etag": ("http-hello-etag", 0, "/"),
    "express-hello": ("express-hello", 0, "/"),
    "http-json": ("http-json", 0, "/users/42"),
    "http-json-etag": ("http-json-etag", 0, "/users/42"),
    "express-json": ("express-json", 0, "/users/42"),
    "express-routes-10": ("express-routes", 10, "/r9/42"),
    "express-routes-1000": ("express-routes", 1000, "/r999/42"),
    "express-routes-api-10": ("express-routes", 10, "/api/r9/42"),
    "express-routes-api-1000": ("express-routes", 1000, "/api/r999/42"),
}
for _name, (_mode, _routes, _path) in EXPRESS_SCENARIOS.items():
    SCENARIOS[_name] = ("bench-express", [], 50, _path, None)


def free_port():
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def wait_port(port, timeout=30.0):
    end = time.time() + timeout
    while time.time() < end:
        try:
            with socket.create_connection((HOST, port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"nothing listens on {port} after {timeout} s")


def run_scenario(bin_dir, name, seconds, env=None, keep_dir=None):
    binary, args, conns, path, upstream_bin = SCENARIOS[name]
    procs = []
    out_dir = tempfile.mkdtemp(prefix=f"cg-{name}-")
    try:
        up_port = None
        if upstream_bin:
            up_port = free_port()
            procs.append(subprocess.Popen(
                ["taskset", "-c", "1", os.path.join(bin_dir, upstream_bin), "--port",
                 str(up_port)], stdout=subprocess.DEVNULL))
            wait_port(up_port)
        port = free_port()
        cmd = ["taskset", "-c", "0", "valgrind", "--tool=callgrind",
               f"--callgrind-out-file={out_dir}/callgrind.out.%p",
               os.path.join(bin_dir, binary)]
        server_env = dict(os.environ, **(env or {}))
        if name in EXPRESS_SCENARIOS:
            mode, routes, _ = EXPRESS_SCENARIOS[name]
            server_env.update(PORT=str(port), MODE=mode, ROUTES=str(routes),
                              NODE_ENV="production",
                              PREFIX="/api" if name.startswith("express-routes-api") else "")
        else:
            cmd += ["--port", str(port)]
            cmd += [a.format(up=up_port) for a in args]
        server = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                  env=server_env)
        procs.append(server)
        wait_port(port, 60)
        if seconds == 0:
            # One request: what start-up and shutdown cost, to subtract (--subtract-startup).
            conn = http.client.HTTPConnection(HOST, port, timeout=60)
            conn.request("GET", path)
            conn.getresponse().read()
            conn.close()
            requests = 1
        else:
            wrk = subprocess.run(["taskset", "-c", "1", "wrk", "-t1", f"-c{conns}",
                                  f"-d{seconds}s", f"http://{HOST}:{port}{path}"],
                                 capture_output=True, text=True, check=True)
            m = re.search(r"(\d+) requests in", wrk.stdout)
            requests = int(m.group(1))
        server.send_signal(signal.SIGTERM)
        server.wait(60)
        files = glob.glob(f"{out_dir}/callgrind.out.*")
        total = 0
        for f in files:
            with open(f) as fh:
                for line in fh:
                    if line.startswith("summary:") or line.startswith("totals:"):
                        total = max(total, int(line.split()[1]))
        if keep_dir:
            for f in files:
                os.replace(f, os.path.join(keep_dir, f"callgrind.out.{name}"))
        return total, requests
    finally:
        for p in procs:
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)
                try:
                    p.wait(10)
                except subprocess.TimeoutExpired:
                    p.kill()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin-dir", required=True)
    ap.add_argument("--scenarios", default="hello,echo,proxy")
    ap.add_argument("--seconds", type=int, default=6)
    ap.add_argument("--env", action="append", default=[], metavar="NAME=VALUE",
                    help="set in the measured server's environment (e.g. NODECC_RECORD=ring:64M)")
    ap.add_argument("--keep", help="a folder to keep each callgrind.out.NAME in (for "
                    "callgrind_annotate)")
    ap.add_argument("--subtract-startup", action="store_true",
                    help="subtract a run with one request (start-up, one request, shutdown)")
    a = ap.parse_args()
    env = dict(kv.split("=", 1) for kv in a.env)
    for name in a.scenarios.split(","):
        total, requests = run_scenario(a.bin_dir, name, a.seconds, env, a.keep)
        if a.subtract_startup:
            # Few requests run under valgrind on a loaded machine: start-up (the dynamic
            # loader, OpenSSL's tables, the app's routes) would weigh in the quotient.
            once, _ = run_scenario(a.bin_dir, name, 0, env)
            total -= once
            requests -= 1
        print(f"{name:19s} {total / max(requests, 1):9,.0f} instructions/request "
              f"({total:,} over {requests:,} requests)", flush=True)


if __name__ == "__main__":
    sys.exit(main())
