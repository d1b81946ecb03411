#!/usr/bin/env python3
"""Runs bench/stream's programs against their Node.js twins, interleaved, and prints medians.

  bench/stream/run.py BUILD_DIR [--rounds 5] [--lines-bytes 1073741824] [--chunks 1000000]

Each round runs nodecc's program and then Node's, each pinned to core 0 (taskset), and reads
the child's CPU time (user + system, from wait4) as well as the wall time the program reports.
The table shows the medians over the rounds and nodecc's advantage (Node's time / nodecc's).
CPU time is the measure compared: on a machine shared with other jobs, wall time mostly
measures the other jobs. Each program checks its own output (the line and byte counts must be
equal between the twins) and the script refuses a run where they differ.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def run(cmd):
    if shutil.which("taskset"):
        cmd = ["taskset", "-c", "0"] + cmd
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, cwd=HERE)
    _, status, usage = os.wait4(p.pid, 0)
    out = p.stdout.read().decode()
    if status != 0:
        sys.exit(f"{cmd} failed: {status}")
    result = json.loads(out.strip().splitlines()[-1])
    result["cpu"] = usage.ru_utime + usage.ru_stime
    return result


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--lines-bytes", type=int, default=1 << 30)
    ap.add_argument("--chunks", type=int, default=1000000)
    args = ap.parse_args()
    bin_dir = os.path.join(os.path.abspath(args.build), "bin")
    cases = [
        ("lines: line-splitting Transform, %d MiB" % (args.lines_bytes >> 20),
         [os.path.join(bin_dir, "bench-stream-lines"), str(args.lines_bytes)],
         ["node", "lines.js", str(args.lines_bytes)], "lines"),
        ("lines as Buffer slices (V8's sliced strings), %d MiB" % (args.lines_bytes >> 20),
         [os.path.join(bin_dir, "bench-stream-lines"), str(args.lines_bytes), "slices"],
         ["node", "lines.js", str(args.lines_bytes)], "lines"),
        ("passthrough: %dk chunks through 3 PassThroughs" % (args.chunks // 1000),
         [os.path.join(bin_dir, "bench-stream-passthrough"), str(args.chunks)],
         ["node", "passthrough.js", str(args.chunks)], "chunks"),
    ]
    print(f"{'benchmark':48} {'nodecc cpu s':>12} {'node cpu s':>11} {'ratio':>6} "
          f"{'nodecc wall':>11} {'node wall':>10}")
    for name, ours, theirs, count in cases:
        a, b = [], []
        for _ in range(args.rounds):
            ra, rb = run(ours), run(theirs)
            if ra[count] != rb[count] or ra["bytes"] != rb["bytes"]:
                sys.exit(f"{name}: outputs differ: {ra} vs {rb}")
            a.append(ra)
            b.append(rb)
        ca = statistics.median(r["cpu"] for r in a)
        cb = statistics.median(r["cpu"] for r in b)
        wa = statistics.median(r["ms"] for r in a) / 1000
        wb = statistics.median(r["ms"] for r in b) / 1000
        print(f"{name:48} {ca:12.3f} {cb:11.3f} {cb / ca:6.2f} {wa:11.2f} {wb:10.2f}")


if __name__ == "__main__":
    main()
