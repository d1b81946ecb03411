#!/usr/bin/env python3
"""bench/express: requests per server CPU-second for each scenario, nodecc, Node (Express 5 and
bare http), Fastify 5 and Go's net/http in the same run. The server runs on core 0 (taskset -c
0), wrk -t1 -c50 on core 1; CPU is the server's utime+stime from /proc/PID/stat over the
measured run. Prints each run, the medians and the ratios. A peer that is not installed
(Express: npm ci in tests/express; Fastify: npm ci in bench/express/fastify; go on PATH) is
skipped with a message.

  run.py --bin build/bin/bench-express [--reps 3] [--seconds 5] [--node node]
         [--servers nodecc,node,fastify,go] [--only REGEX]
"""
import argparse
import os
import re
import shutil
import socket
import statistics
import subprocess
import tempfile
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
    ("express-routes-api-10", "express-routes", 10, "/api/r9/42"),
    ("express-routes-api-1000", "express-routes", 1000, "/api/r999/42"),
]
# Scenarios whose routes all sit under one literal prefix (PREFIX), where an index by the first
# segment alone would scan them all.
PREFIXES = {"express-routes-api-10": "/api", "express-routes-api-1000": "/api"}
# The peers (fastify/server.js, go/main.go) run the framework scenarios under their own MODE.
PEER_MODES = {"express-hello": "hello", "express-json": "json", "express-routes": "routes"}


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


# Warm-up: 1 s runs of wrk until the server has answered this many requests, at most this long.
# Node's JIT needs thousands of requests: Express 5 on this loaded machine went from ~1,000 to a
# plateau of ~2,400 req/CPU-s over its first ~5,000 requests, which a fixed 1 s warm-up (~700
# requests when the core is shared) did not reach.
WARMUP_REQUESTS = 8000
WARMUP_MAX_SECONDS = 15


def warm_up(wrk, url):
    served, start = 0, time.monotonic()
    while served < WARMUP_REQUESTS and time.monotonic() - start < WARMUP_MAX_SECONDS:
        out = subprocess.run(wrk + ["-d1s", url], capture_output=True, text=True,
                             check=True).stdout
        served += int(re.search(r"(\d+) requests in", out).group(1))


def measure(cmd, mode, routes, path, seconds, env_extra):
    port = free_port()
    env = dict(os.environ, PORT=str(port), MODE=mode, ROUTES=str(routes), NODE_ENV="production",
               **env_extra)
    p = subprocess.Popen(["taskset", "-c", "0"] + cmd, env=env, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, cwd=HERE)
    try:
        if not p.stdout.readline():  # "listening"
            raise RuntimeError("%s %s: the server exited before listening" % (cmd[0], mode))
        url = "http://127.0.0.1:%d%s" % (port, path)
        wrk = ["taskset", "-c", "1", "wrk", "-t1", "-c50"]
        warm_up(wrk, url)
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


def go_build(tmp):
    """Builds go/main.go into tmp; returns the binary, or None with a message."""
    if not shutil.which("go"):
        print("go: skipped (no `go` on PATH)", flush=True)
        return None
    binary = os.path.join(tmp, "bench-express-go")
    r = subprocess.run(["go", "build", "-o", binary, "."], cwd=os.path.join(HERE, "go"),
                       capture_output=True, text=True)
    if r.returncode != 0:
        print("go: skipped (go build failed: %s)" % r.stderr.strip(), flush=True)
        return None
    return binary


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--node", default="node")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--seconds", type=int, default=5)
    ap.add_argument("--only", default="", help="regex over scenario names")
    ap.add_argument("--servers", default="nodecc,node,fastify,go")
    args = ap.parse_args()
    wanted = args.servers.split(",")
    tmp = tempfile.mkdtemp(prefix="bench-express-")
    try:
        run(args, wanted, tmp)
    finally:
        shutil.rmtree(tmp)


def run(args, wanted, tmp):
    express_modules = os.path.join(HERE, "..", "..", "tests", "express", "node_modules")
    fastify_dir = os.path.join(HERE, "fastify")
    # Each server: (name, command, extra environment, scenario MODE -> its MODE or None).
    servers = [("nodecc", [os.path.abspath(args.bin)], {}, lambda mode: mode)]
    if "node" in wanted:
        if os.path.isdir(os.path.join(express_modules, "express")):
            node_mode = lambda mode: mode
        else:
            print("node: Express skipped (run `npm ci` in tests/express); bare http only",
                  flush=True)
            node_mode = lambda mode: None if mode.startswith("express-") else mode
        servers.append(("node", [args.node, os.path.join(HERE, "server.js")],
                        {"NODE_PATH": express_modules}, node_mode))
    if "fastify" in wanted:
        if os.path.isdir(os.path.join(fastify_dir, "node_modules", "fastify")):
            servers.append(("fastify", [args.node, os.path.join(fastify_dir, "server.js")], {},
                            PEER_MODES.get))
        else:
            print("fastify: skipped (run `npm ci` in bench/express/fastify)", flush=True)
    if "go" in wanted:
        binary = go_build(tmp)
        if binary:
            # GOMAXPROCS=1: one P, as the other servers run one loop (taskset -c 0 would give
            # the same, since Go counts the CPUs in its affinity mask; saying it is clearer).
            servers.append(("go", [binary], {"GOMAXPROCS": "1"}, PEER_MODES.get))
    servers = [s for s in servers if s[0] in wanted]
    results = {}
    for rep in range(args.reps):  # interleaved, so that load drifts hit every server alike
        for name, mode, routes, path in SCENARIOS:
            if args.only and not re.search(args.only, name):
                continue
            for server, cmd, extra, server_mode in servers:
                if not server_mode(mode):
                    continue
                per_cpu, per_s = measure(cmd, server_mode(mode), routes, path, args.seconds,
                                         dict(extra, PREFIX=PREFIXES.get(name, "")))
                results.setdefault((server, name), []).append(per_cpu)
                print("rep %d %-7s %-20s %9.0f req/CPU-s %9.0f req/s" %
                      (rep, server, name, per_cpu, per_s), flush=True)
    med = {k: statistics.median(v) for k, v in results.items()}
    names = [s[0] for s in servers]
    print("\nmedians (requests per server CPU-second):")
    print("  %-20s" % "scenario" + "".join("%10s" % n for n in names))
    for name, _, _, _ in SCENARIOS:
        if any((n, name) in med for n in names):
            print("  %-20s" % name + "".join(
                "%10.0f" % med[(n, name)] if (n, name) in med else "%10s" % "-" for n in names))

    def ratio(a, b):
        # The median of the per-repetition ratios: both sides of a pair ran seconds apart, so
        # the load's drift between repetitions (large on a shared machine) cancels; the range
        # shows how much it moved.
        if a not in results or b not in results:
            return "-"
        pairs = sorted(x / y for x, y in zip(results[a], results[b]))
        return "%.2fx (%.2f-%.2f)" % (statistics.median(pairs), pairs[0], pairs[-1])
    print("\nratios, median of the repetitions' (range) (per server CPU-second; issue 19's "
          "targets in brackets):")
    for twin in ("hello", "json"):
        for bare in ("http-" + twin, "http-%s-etag" % twin):
            print("  nodecc express-%-5s / nodecc %-15s %s  [>= 0.85x]" %
                  (twin, bare, ratio(("nodecc", "express-" + twin), ("nodecc", bare))))
    for name in ("express-hello", "express-json", "express-routes-10", "express-routes-1000",
                 "express-routes-api-1000"):
        for peer, target in (("node", "5x"), ("fastify", "2x"), ("go", "1.5x")):
            if peer in names:
                print("  nodecc %-19s / %-7s %s  [>= %s]" %
                      (name, peer, ratio(("nodecc", name), (peer, name)), target))
    print("cost of 1,000 routes / cost of 10 (= req/CPU-s at 10 / at 1,000) [<= 1.2x]:")
    for n in names:
        print("  %-7s %s" % (n, ratio((n, "express-routes-10"), (n, "express-routes-1000"))))
    print("the same under one prefix, /api/r0/:id ... [<= 1.2x]:")
    for n in names:
        print("  %-7s %s" % (n, ratio((n, "express-routes-api-10"), (n, "express-routes-api-1000"))))


if __name__ == "__main__":
    main()
