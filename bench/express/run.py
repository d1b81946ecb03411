#!/usr/bin/env python3
"""bench/express: requests per server CPU-second for each scenario, nodecc and Node in the same
run. The server runs on core 0 (taskset -c 0), wrk -t1 -c50 on core 1; CPU is the server's
utime+stime from /proc/PID/stat over the measured run. Prints each run and the medians.

  run.py --bin build/bench/express/bench-express [--reps 3] [--seconds 5] [--node node]
"""
import argparse
import os
import re
import socket
import statistics
import subprocess
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TICK = os.sysconf("SC_CLK_TCK")
SCENARIOS = [  # (name, MODE, ROUTES, path)
    ("http-hello", "http-hello", 0, "/"),
    ("http-hello-etag", "http-hello-etag", 0, "/"),
    ("express-hello", "express-hello", 0, "/"),
    ("http-json", "http-json", 0, "/users/42"),
    ("http-json-etag", "http-json-etag", 0, "/users/42"),
    ("express-json", "express-json", 0, "/users/42"),
    ("express-routes-10", "express-routes", 10, "/r9/42"),
    ("express-routes-1000", "express-routes", 1000, "/r999/42"),
]


def cpu_seconds(pid):
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def measure(cmd, mode, routes, path, seconds, env_extra):
    port = free_port()
    env = dict(os.environ, PORT=str(port), MODE=mode, ROUTES=str(routes), NODE_ENV="production",
               **env_extra)
    p = subprocess.Popen(["taskset", "-c", "0"] + cmd, env=env, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, cwd=HERE)
    try:
        p.stdout.readline()  # "listening"
        url = "http://127.0.0.1:%d%s" % (port, path)
        wrk = ["taskset", "-c", "1", "wrk", "-t1", "-c50"]
        subprocess.run(wrk + ["-d1s", url], capture_output=True, check=True)  # warm-up
        before = cpu_seconds(p.pid)
        out = subprocess.run(wrk + ["-d%ds" % seconds, url], capture_output=True, text=True,
                             check=True).stdout
        cpu = cpu_seconds(p.pid) - before
        m = re.search(r"(\d+) requests in", out)
        requests = int(m.group(1))
        errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
        if errors:
            raise RuntimeError("%s: %s non-2xx responses" % (mode, errors.group(1)))
        return requests / cpu, requests / seconds
    finally:
        p.kill()
        p.wait()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--node", default="node")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--seconds", type=int, default=5)
    ap.add_argument("--only", default="")
    args = ap.parse_args()
    node_path = os.path.join(HERE, "..", "..", "tests", "express", "node_modules")
    servers = [("nodecc", [os.path.abspath(args.bin)], {}),
               ("node", [args.node, os.path.join(HERE, "server.js")], {"NODE_PATH": node_path})]
    results = {}
    for rep in range(args.reps):  # interleaved, so that load drifts hit every server alike
        for name, mode, routes, path in SCENARIOS:
            if args.only and not re.search(args.only, name):
                continue
            for server, cmd, extra in servers:
                per_cpu, per_s = measure(cmd, mode, routes, path, args.seconds, extra)
                results.setdefault((server, name), []).append(per_cpu)
                print("rep %d %-7s %-20s %9.0f req/CPU-s %9.0f req/s" %
                      (rep, server, name, per_cpu, per_s), flush=True)
    print("\nmedians (requests per server CPU-second):")
    med = {k: statistics.median(v) for k, v in results.items()}
    for (server, name), v in sorted(med.items()):
        print("  %-7s %-20s %9.0f" % (server, name, v))

    def ratio(a, b):
        return "%.2f" % (med[a] / med[b]) if a in med and b in med else "-"
    print("\nratios:")
    print("  nodecc express-hello / nodecc http-hello:", ratio(("nodecc", "express-hello"), ("nodecc", "http-hello")))
    print("  nodecc express-json / nodecc http-json:  ", ratio(("nodecc", "express-json"), ("nodecc", "http-json")))
    print("  nodecc express-json / Express express-json:", ratio(("nodecc", "express-json"), ("node", "express-json")))
    print("  nodecc routes-1000 / routes-10:          ", ratio(("nodecc", "express-routes-1000"), ("nodecc", "express-routes-10")))
    print("  Express routes-1000 / routes-10:         ", ratio(("node", "express-routes-1000"), ("node", "express-routes-10")))


if __name__ == "__main__":
    main()
