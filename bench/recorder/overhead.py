#!/usr/bin/env python3
"""What the flight recorder costs: requests per server CPU-second of the hello and echo
examples with recording off, in `ring` mode and in `file` mode, interleaved, on one machine.

    bench/recorder/overhead.py --bin-dir build/bin [--apps hello,echo] [--modes off,ring,file]
                               [--reps 5] [--seconds 10] [--warmup 2] [--conns 50] [--md FILE]

Method (bench/recorder/README.md): the issue's. The server under `taskset -c 0` with
NODECC_RECORD set to the mode's spec, `taskset -c 1 wrk -t1 -cN -dS` against it (bench/http's
wrk runner and server handling); the server's utime+stime from /proc/PID/stat right before and
after the measured run. Each repetition runs off, ring, file, ... back to back on fresh servers,
so the ratio to off within a repetition compares runs seconds apart; the table gives medians
over the repetitions, the median of the per-repetition ratios and their range, and the load
average seen before each cell. File mode's trace bytes per request: the trace's size after the
server stopped (SIGTERM flushes it) over every request the server answered.
"""
import argparse
import contextlib
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "http"))
import measure  # noqa: E402
from peers import HOST, REPO, Context, Server  # noqa: E402

# The mode -> NODECC_RECORD spec; {trace} is a file in the run's temporary directory.
MODES = {
    "off": None,
    "ring": "ring:64M,path={trace}",
    "file": "file:{trace}",
}
APPS = ["hello", "echo"]


def wrk_request_bytes(path, port):
    """The bytes of the request wrk sends (its default: method, path, Host header)."""
    return len(f"GET {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\n\r\n")


def make_server(ctx, app, mode, trace):
    """The nodecc example `app` with NODECC_RECORD set for `mode` (not started yet)."""
    server = Server(ctx, "nodecc", app)
    server.env = dict(server.env)
    server.env.pop("NODECC_REPLAY", None)
    if MODES[mode] is None:
        server.env.pop("NODECC_RECORD", None)
    else:
        server.env["NODECC_RECORD"] = MODES[mode].format(trace=trace)
    return server


def result(app, mode, rep, load, server, warm, res, cpu, seconds):
    """One cell's row: the wrk result, the server's CPU, the trace's bytes per request."""
    out = {
        "app": app, "mode": mode, "rep": rep, "load1": load,
        "requests": res["requests"], "rps": res["rps"], "server_cpu_s": cpu,
        "util": cpu / seconds, "rps_per_cpu": res["requests"] / cpu if cpu > 0 else 0.0,
        "errors": sum(res[k] for k in ("connect_errors", "read_errors", "write_errors",
                                         "status_errors", "timeouts")),
        "request_bytes": wrk_request_bytes(server.path, server.port),
    }
    trace = server.env.get("NODECC_RECORD", "")
    trace = trace.split("path=", 1)[-1] if "path=" in trace else trace.partition(":")[2]
    if trace and os.path.exists(trace):
        # The readiness probe's request, the warm-up's and the measured run's.
        answered = 1 + warm.get("requests", 0) + res["requests"]
        out["trace_bytes_per_request"] = os.path.getsize(trace) / answered
        os.unlink(trace)
    return out


def cell(ctx, args, app, mode, rep):
    """One measured run of `app` in `mode`, alone on the server CPU."""
    server = make_server(ctx, app, mode, os.path.join(ctx.tmp, f"{app}-{mode}-{rep}.trace"))
    load = os.getloadavg()[0]
    url = f"http://{HOST}:{server.port}{server.path}"
    with server as srv:
        warm = measure.run_wrk(url, args.conns, args.warmup, args.client_cpu) if args.warmup else {}
        cpu0, t0 = srv.cpu_seconds(), time.monotonic()
        res = measure.run_wrk(url, args.conns, args.seconds, args.client_cpu)
        cpu1, t1 = srv.cpu_seconds(), time.monotonic()
    return result(app, mode, rep, load, server, warm, res, cpu1 - cpu0, t1 - t0)


def side_by_side(ctx, args, app, rep):
    """--side-by-side: one server per mode, all on the server CPU at once, each loaded by its
    own wrk on the client CPU over the same seconds, so every mode meets the same neighbours
    (another engineer's build takes a share of the CPU from all of them alike)."""
    servers = {m: make_server(ctx, app, m, os.path.join(ctx.tmp, f"{app}-{m}-{rep}.trace"))
               for m in args.modes}
    load = os.getloadavg()[0]

    def load_all(seconds):
        out = {}
        threads = [threading.Thread(target=lambda m=m, s=s: out.__setitem__(m, measure.run_wrk(
            f"http://{HOST}:{s.port}{s.path}", args.conns, seconds, args.client_cpu)))
            for m, s in servers.items()]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        return out

    with contextlib.ExitStack() as stack:
        for s in servers.values():
            stack.enter_context(s)
        warm = load_all(args.warmup) if args.warmup else {}
        cpu0, t0 = {m: s.cpu_seconds() for m, s in servers.items()}, time.monotonic()
        res = load_all(args.seconds)
        cpu1, t1 = {m: s.cpu_seconds() for m, s in servers.items()}, time.monotonic()
    return [result(app, m, rep, load, s, warm.get(m, {}), res[m], cpu1[m] - cpu0[m], t1 - t0)
            for m, s in servers.items()]


def median_ratio(rows, app, mode):
    """(median, min, max) of mode/off per repetition, on requests per server CPU-second."""
    by_rep = {}
    for r in rows:
        if r["app"] == app:
            by_rep.setdefault(r["rep"], {})[r["mode"]] = r["rps_per_cpu"]
    ratios = [m[mode] / m["off"] for m in by_rep.values() if mode in m and m.get("off")]
    if not ratios:
        return None
    return statistics.median(ratios), min(ratios), max(ratios)


def report(rows, args, commit):
    loads = [r["load1"] for r in rows]
    lines = [
        f"Recorder overhead, commit {commit}, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}:"
        f" wrk -t1 -c{args.conns} -d{args.seconds}s (warm-up {args.warmup} s), server on CPU"
        f" {args.server_cpu}, wrk on CPU {args.client_cpu}, {args.reps} "
        + ("repetitions with the modes' servers side by side (one wrk each, the same seconds);"
           if args.side_by_side else "interleaved repetitions;") +
        f" load average (1 min) before the cells {min(loads):.2f}-{max(loads):.2f}"
        f" (median {statistics.median(loads):.2f}).",
        "",
        "| app | mode | req per server CPU-s, median (min-max) | ratio to off, median"
        " (min-max) | req/s median | server CPU use | trace bytes/request (request bytes) |",
        "|---|---|---|---|---|---|---|",
    ]
    for app in args.apps:
        for mode in args.modes:
            cells = [r for r in rows if r["app"] == app and r["mode"] == mode]
            if not cells:
                continue
            per_cpu = [r["rps_per_cpu"] for r in cells]
            ratio = median_ratio(rows, app, mode) if mode != "off" else None
            ratio_s = (f"{ratio[0]:.3f} ({ratio[1]:.3f}-{ratio[2]:.3f})" if ratio else "1")
            tb = [r["trace_bytes_per_request"] for r in cells if "trace_bytes_per_request" in r]
            tb_s = f"{statistics.median(tb):.1f} ({cells[0]['request_bytes']})" if tb else ""
            errs = sum(r["errors"] for r in cells)
            lines.append(
                f"| {app} | {mode} | {statistics.median(per_cpu):,.0f} ({min(per_cpu):,.0f}-"
                f"{max(per_cpu):,.0f}) | {ratio_s} | {statistics.median(r['rps'] for r in cells):,.0f}"
                f" | {statistics.median(r['util'] for r in cells) * 100:.0f}% | {tb_s} |"
                + (f" {errs} errors" if errs else ""))
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin-dir", required=True, help="the tree's bin/ (example-hello, -echo)")
    ap.add_argument("--apps", default=",".join(APPS))
    ap.add_argument("--modes", default=",".join(MODES))
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--seconds", type=int, default=10)
    ap.add_argument("--warmup", type=int, default=2)
    ap.add_argument("--conns", type=int, default=50)
    ap.add_argument("--server-cpu", default="0")
    ap.add_argument("--client-cpu", default="1")
    ap.add_argument("--side-by-side", action="store_true",
                    help="run the modes' servers at the same time (one wrk each) instead of one"
                    " after the other: steadier ratios on a shared machine")
    ap.add_argument("--md", help="also write the table to this file")
    args = ap.parse_args()
    args.apps = args.apps.split(",")
    args.modes = args.modes.split(",")
    for m in args.modes:
        if m not in MODES:
            sys.exit(f"unknown mode {m}; known: {', '.join(MODES)}")
    if "off" not in args.modes:
        args.modes.insert(0, "off")  # the ratios need it
    commit = subprocess.run(["git", "-C", REPO, "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True).stdout.strip() or "unknown"
    rows = []
    with tempfile.TemporaryDirectory(prefix="nodecc-recorder-bench-") as tmp:
        ctx = Context(os.path.dirname(os.path.abspath(args.bin_dir)), tmp, args.server_cpu, 4096)
        for app in args.apps:
            for rep in range(args.reps):
                if args.side_by_side:
                    cells = side_by_side(ctx, args, app, rep)
                else:
                    cells = [cell(ctx, args, app, mode, rep) for mode in args.modes]
                for r in cells:
                    rows.append(r)
                    tb = r.get("trace_bytes_per_request")
                    print(f"  {app} {r['mode']} rep {rep + 1}: {r['rps_per_cpu']:,.0f} req/CPU-s,"
                          f" {r['rps']:,.0f} req/s, CPU {r['util'] * 100:.0f}%, load"
                          f" {r['load1']:.2f}" + (f", {tb:.1f} trace bytes/request" if tb else ""),
                          file=sys.stderr, flush=True)
    text = report(rows, args, commit)
    print(text)
    if args.md:
        with open(args.md, "w") as f:
            f.write(text + "\n")


if __name__ == "__main__":
    sys.exit(main())
