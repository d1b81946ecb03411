#!/usr/bin/env python3
"""`make bench` / `make bench-quick`: nodecc's HTTP benchmark against Node.js, Go, nginx, h2o
and the canned-response ceiling server, on one machine, in one session.

    bench.py --build BUILD_DIR [--quick] [--reps N] [--duration S] [--scenarios a,b]
             [--peers a,b] [--out DIR]

Method (docs in bench/README.md): each server pinned to CPU 0, wrk with one thread on CPU 1;
for each scenario the peers run interleaved (A B C A B C ...), every cell a fresh server, a
warm-up, then the measured run with the server tree's CPU time read from /proc before and
after; the machine's idleness is sampled before each cell (recorded, warned, never waited on
forever). Writes bench/results/DATE-COMMIT[-quick].{md,json} and PNG plots, prints the
Markdown.
"""
import argparse
import json
import os
import platform
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import measure  # noqa: E402
import report  # noqa: E402
from peers import LABELS, REPO, Context, NotAvailable, StartError  # noqa: E402

HELLO_PEERS = ["ceiling", "nodecc", "node", "go", "nginx", "h2o"]
# Pipelined, the limit is wrk's one thread, which pays per byte it parses: the ceiling also runs
# with the 47 bytes of keep-alive headers that Node's (and nodecc's) hello carries.
PIPELINE_PEERS = ["ceiling", "ceiling-ka", "nodecc", "node", "go", "nginx", "h2o"]
ECHO_PEERS = ["nodecc", "node", "go"]
STATIC_PEERS = ["nodecc-serve", "nginx", "nginx-nosendfile", "h2o"]
W2_PEERS = ["nodecc-w2", "nginx-w2"]
ALL_SCENARIOS = ["hello", "echo", "static-13", "static-1k", "static-100k", "pipeline", "sweep",
                 "idle", "workers2", "fs-scan"]
QUICK_SCENARIOS = ["hello", "echo", "static-1k", "pipeline", "sweep", "idle"]


class Config:
    def __init__(self, args):
        self.quick = args.quick
        self.reps = args.reps or (1 if args.quick else 3)
        self.duration = args.duration or (3 if args.quick else 10)
        self.warmup = args.warmup if args.warmup is not None else (1 if args.quick else 2)
        self.idle_interval = 0.5 if args.quick else 1.0
        self.idle_tries = 2 if args.quick else 3
        self.busy_threshold = args.busy_threshold
        self.server_cpu, self.client_cpu = args.server_cpu, args.client_cpu
        if shutil.which("taskset") is None or os.cpu_count() < 2:
            print("warning: no taskset or a single CPU: server and wrk are not pinned",
                  file=sys.stderr)
            self.server_cpu = self.client_cpu = None
        self.cpus = [c for c in (self.server_cpu, self.client_cpu) if c is not None] or ["0"]
        self.scenarios = args.scenarios.split(",") if args.scenarios else (
            QUICK_SCENARIOS if args.quick else ALL_SCENARIOS)
        for s in self.scenarios:
            if s not in ALL_SCENARIOS:
                sys.exit(f"unknown scenario {s}; known: {', '.join(ALL_SCENARIOS)}")
        self.peer_filter = set(args.peers.split(",")) if args.peers else None
        # The sweep's 100-connection point is the hello scenario: one set of cells, two tables.
        if "sweep" in self.scenarios:
            self.sweep_conns = [100, 1000] if args.quick else [10, 100, 1000]
        elif "hello" in self.scenarios:
            self.sweep_conns = [100]
        else:
            self.sweep_conns = []
        self.idle_n = args.idle_conns if "idle" in self.scenarios else 0


def plan_of(cfg):
    """The scenario groups in run order; each is (name, [cell keys]) with the keys of one
    repetition in the interleaved order."""
    keep = lambda peers: [p for p in peers if cfg.peer_filter is None or p in cfg.peer_filter]
    groups = []
    if cfg.sweep_conns:
        groups.append(("sweep", [("sweep", p, "hello", c, 0) for c in cfg.sweep_conns
                                 for p in keep(HELLO_PEERS)]))
    if "echo" in cfg.scenarios:
        groups.append(("echo", [("echo", p, "echo", 100, 0) for p in keep(ECHO_PEERS)]))
    for size in ("13", "1k", "100k"):
        if f"static-{size}" in cfg.scenarios:
            scn = f"static-{size}"
            groups.append((scn, [(scn, p, scn, 100, 0) for p in keep(STATIC_PEERS)]))
    if "pipeline" in cfg.scenarios:
        groups.append(("pipeline", [("pipeline", p, "hello", 256, 16)
                                    for p in keep(PIPELINE_PEERS)]))
    if "workers2" in cfg.scenarios:
        groups.append(("workers2", [("workers2", p, "hello", 100, 0) for p in keep(W2_PEERS)]))
    if cfg.idle_n:
        groups.append(("idle", [("idle", p, "hello", cfg.idle_n, 0) for p in keep(HELLO_PEERS)]))
    wrk_scenarios = [s for s in ("hello", "echo", "static-13", "static-1k", "static-100k",
                                 "pipeline", "workers2") if s in cfg.scenarios or (s == "hello" and cfg.sweep_conns
                                                                       and 100 in cfg.sweep_conns)]
    peers = {"hello": keep(HELLO_PEERS), "sweep": keep(HELLO_PEERS), "echo": keep(ECHO_PEERS),
             "pipeline": keep(PIPELINE_PEERS), "idle": keep(HELLO_PEERS),
             "workers2": keep(W2_PEERS)}
    for size in ("13", "1k", "100k"):
        peers[f"static-{size}"] = keep(STATIC_PEERS)
    return groups, {"wrk_scenarios": wrk_scenarios, "peers": peers,
                    "sweep_conns": [c for c in cfg.sweep_conns if "sweep" in cfg.scenarios],
                    "idle_n": cfg.idle_n}


def run_cmd(argv):
    try:
        r = subprocess.run(argv, capture_output=True, text=True, timeout=30)
        return (r.stdout + r.stderr).strip().splitlines()[0] if (r.stdout + r.stderr).strip() else "?"
    except (OSError, subprocess.TimeoutExpired):
        return "not found"


def machine_info(build_dir):
    cpu = platform.processor() or "unknown"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    mem = "?"
    with open("/proc/meminfo") as f:
        for line in f:
            if line.startswith("MemTotal:"):
                mem = f"{int(line.split()[1]) / 1024 / 1024:.1f} GiB"
    compiler = "?"
    cache = os.path.join(build_dir, "CMakeCache.txt")
    if os.path.exists(cache):
        with open(cache) as f:
            for line in f:
                if line.startswith("CMAKE_CXX_COMPILER:"):
                    compiler = run_cmd([line.split("=", 1)[1].strip(), "--version"])
    return {
        "CPU": f"{cpu}, {os.cpu_count()} logical CPUs",
        "memory": mem,
        "kernel": f"{platform.system()} {platform.release()}",
        "load average at start": " ".join(f"{x:.2f}" for x in os.getloadavg()),
        "nodecc compiler": compiler,
        "Node.js": run_cmd(["node", "--version"]),
        "Go": run_cmd(["go", "version"]),
        "nginx": run_cmd(["nginx", "-v"]),
        "h2o": run_cmd(["h2o", "--version"]),
        "wrk": run_cmd(["wrk", "-v"]),
        "Python": platform.python_version(),
    }


def git_commit():
    commit = run_cmd(["git", "-C", REPO, "rev-parse", "--short", "HEAD"])
    try:
        dirty = subprocess.run(["git", "-C", REPO, "status", "--porcelain", "--untracked-files=no"],
                               capture_output=True, text=True, timeout=30).stdout.strip()
    except (OSError, subprocess.TimeoutExpired):
        dirty = ""
    return commit, bool(dirty)


def describe(res, kind):
    if kind == "idle":
        b = res.get("bytes_per_conn")
        return (f"{res['open']} open ({res['still_open']} still open), "
                f"{b:,.0f} B per connection" if b is not None else "no connection opened")
    cpu = res.get("rps_per_cpu")
    text = f"{res['rps']:,.0f} req/s"
    if cpu:
        text += f", {cpu:,.0f} req/CPU-s, CPU {res['server_cpu_util'] * 100:.0f}%"
    if kind != "pipeline":  # wrk's percentiles are wrong for pipelined batches (report.py)
        text += f", p50 {report.lat(res['p50_us'])}, p99 {report.lat(res['p99_us'])}"
    if res["errors"]:
        text += f", {res['errors']} errors"
    return text


def run_all(cfg, ctx, groups):
    cells, unavailable = [], {}
    total = sum(len(keys) for _, keys in groups) * cfg.reps
    done = 0
    t0 = time.monotonic()
    for name, keys in groups:
        for rep in range(1, cfg.reps + 1):
            for scn, peer, app, conns, depth in keys:
                done += 1
                if peer in unavailable:
                    continue
                tag = f"[{done}/{total} {time.monotonic() - t0:5.0f}s] {scn} c={conns} {peer} rep {rep}"
                cell = {"scenario": scn, "peer": peer, "app": app, "conns": conns, "depth": depth,
                        "rep": rep}
                try:
                    if scn == "idle":
                        cell["result"] = measure.idle_cell(ctx, cfg, peer, conns)
                    else:
                        cell["result"] = measure.wrk_cell(ctx, cfg, peer, app, conns, depth,
                                                          unpinned=(scn == "workers2"))
                    print(f"{tag}: {describe(cell['result'], scn)}", file=sys.stderr)
                except NotAvailable as e:
                    unavailable[peer] = str(e)
                    print(f"{tag}: skipped, {e}", file=sys.stderr)
                    continue
                except (StartError, RuntimeError, OSError, ValueError) as e:
                    cell["error"] = f"{type(e).__name__}: {e}"
                    print(f"{tag}: FAILED {cell['error'][:300]}", file=sys.stderr)
                cells.append(cell)
    return cells, unavailable


def run_fs_scan(build_dir, cfg):
    """The fs-scan sizes (bench/fs-scan/run.py, which also writes its own results file), as a
    Markdown section of this report."""
    argv = [sys.executable, os.path.join(REPO, "bench", "fs-scan", "run.py"), "--build",
            build_dir, "--cpu", cfg.server_cpu or "0", "--embed"]
    if cfg.quick:
        argv.append("--quick")
    r = subprocess.run(argv, stdout=subprocess.PIPE, text=True)
    if r.returncode != 0:
        return f"\n## fs-scan\n\nfailed (exit {r.returncode}); see the output above.\n"
    return "\n" + r.stdout


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--build", default=os.path.join(REPO, "build"), help="nodecc Release build dir")
    ap.add_argument("--quick", action="store_true", help="the ~3-minute subset (1 repetition)")
    ap.add_argument("--reps", type=int, help="repetitions (3; quick 1)")
    ap.add_argument("--duration", type=int, help="seconds per measured run (10; quick 3)")
    ap.add_argument("--warmup", type=int, help="seconds of warm-up per cell (2; quick 1)")
    ap.add_argument("--scenarios", help="comma list of: " + ", ".join(ALL_SCENARIOS))
    ap.add_argument("--peers", help="comma list of: " + ", ".join(LABELS))
    ap.add_argument("--idle-conns", type=int, default=10000, help="idle keep-alive connections")
    ap.add_argument("--server-cpu", default="0")
    ap.add_argument("--client-cpu", default="1")
    ap.add_argument("--busy-threshold", type=float, default=0.10,
                    help="busy fraction of a benchmark CPU above which a run is flagged")
    ap.add_argument("--out", default=os.path.join(REPO, "bench", "results"))
    args = ap.parse_args()
    build_dir = os.path.abspath(args.build)
    cfg = Config(args)
    if shutil.which("wrk") is None:
        sys.exit("wrk not installed: run `make bench-deps` (or apt-get install wrk)")

    # Servers, wrk and the idle client inherit this: 10,000 connections need more than 1024.
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    if cfg.idle_n and hard < cfg.idle_n + 100:
        print(f"warning: RLIMIT_NOFILE hard limit {hard} < {cfg.idle_n} connections",
              file=sys.stderr)
    # SIGTERM unwinds like Ctrl-C, so every `with Server` and finally block stops its processes.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))

    groups, plan = plan_of(cfg)
    commit, dirty = git_commit()
    date = time.strftime("%Y-%m-%d")
    meta = {"date": date, "commit": commit + (" (with uncommitted changes)" if dirty else ""),
            "quick": cfg.quick, "machine": machine_info(build_dir)}
    meta["method"] = (
        f"Server pinned to CPU {cfg.server_cpu}, wrk (`wrk -t1 --latency`, a done() hook for "
        f"p99.9) pinned to CPU {cfg.client_cpu}. Peers interleaved within each scenario, "
        f"{cfg.reps} repetition(s), a fresh server per cell, {cfg.warmup} s warm-up then "
        f"{cfg.duration} s measured. Before each cell both CPUs are sampled from /proc/stat "
        f"for {cfg.idle_interval} s (up to {cfg.idle_tries} times); a cell whose CPUs were over "
        f"{cfg.busy_threshold * 100:.0f}% busy is flagged, not retried. Node.js runs "
        f"examples/*.js, nodecc build/bin/example-*, Go bench/peers/go with GOMAXPROCS=1, "
        f"nginx 1 worker (access_log off, open_file_cache on, keepalive_requests unbounded), "
        f"h2o 1 thread; static files and h2o's hello are served from one document root.")
    print(f"make bench{' (quick)' if cfg.quick else ''}: {sum(len(k) for _, k in groups) * cfg.reps} "
          f"cells, build {build_dir}", file=sys.stderr)

    tmp = tempfile.mkdtemp(prefix="nodecc-bench-")
    try:
        ctx = Context(build_dir, tmp, cfg.server_cpu, hard)
        cells, unavailable = run_all(cfg, ctx, groups)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    fs_scan = run_fs_scan(build_dir, cfg) if "fs-scan" in cfg.scenarios else ""
    summary = report.summarize(cells)
    os.makedirs(args.out, exist_ok=True)
    stem = os.path.join(args.out, f"{date}-{commit}" + ("-quick" if cfg.quick else ""))
    plots = report.plot(summary, plan, stem)
    if not plots:
        print("note: matplotlib not importable from this Python: no plots "
              "(apt-get install python3-matplotlib and run with /usr/bin/python3)", file=sys.stderr)
    md = report.markdown(meta, summary, plan, unavailable, plots) + fs_scan
    with open(stem + ".md", "w") as f:
        f.write(md)
    with open(stem + ".json", "w") as f:
        json.dump({"meta": meta, "unavailable": unavailable, "cells": cells}, f, indent=1)
    print(md)
    print(f"wrote {os.path.relpath(stem, REPO)}.md, .json" +
          "".join(f", {p}" for p in plots), file=sys.stderr)


if __name__ == "__main__":
    main()
