#!/usr/bin/env python3
"""bench/zlib: nodecc against Node 20 in the same run, medians of interleaved repetitions.

  one-shot: gzipSync / gunzipSync of 10 KiB and 1 MiB of generated text (oneshot.cc/.js,
            each process reports the median of its repetitions; the table shows the median
            over processes);
  stream:   a 100 MB generated text file -> createGzip -> file (stream_gzip.cc/.js): wall
            time, CPU time (user + sys of the process and its threads) and peak RSS, from
            wait4's rusage.

Usage: run.py --bin-dir build/bin [--mb 100] [--runs 5] [--out results.md]"""
import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def generate(path, size, seed=1):
    """Log-like text: timestamps, levels, paths and words from a small vocabulary."""
    rng = random.Random(seed)
    words = ("the quick brown fox jumps over the lazy dog request response server client "
             "GET POST PUT /api/v1/users /static/app.js 200 304 404 500 user session cache "
             "timeout connected closed retry").split()
    levels = ["INFO", "WARN", "DEBUG", "ERROR"]
    with open(path, "w") as f:
        written = 0
        i = 0
        block = []
        while written < size:
            line = "%d %s [%06d] %s\n" % (1700000000 + i, rng.choice(levels),
                                           rng.randrange(1000000),
                                           " ".join(rng.choice(words)
                                                    for _ in range(rng.randrange(5, 16))))
            block.append(line)
            written += len(line)
            i += 1
            if len(block) >= 10000:
                f.write("".join(block))
                block = []
        f.write("".join(block))
        f.truncate(size)


def measure(cmd):
    start = time.monotonic()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    _, _, ru = os.wait4(p.pid, 0)
    wall = time.monotonic() - start
    out = p.stdout.read().decode()
    err = p.stderr.read().decode()
    if p.returncode not in (0, None):
        raise RuntimeError(f"{cmd}: {err}")
    return {"wall": wall, "cpu": ru.ru_utime + ru.ru_stime, "rss_mb": ru.ru_maxrss / 1024,
            "out": out.strip()}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin-dir", required=True)
    ap.add_argument("--mb", type=int, default=100)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--out")
    args = ap.parse_args()
    node = shutil.which("node")
    if node is None:
        print("node not found")
        return 1
    work = tempfile.mkdtemp(prefix="bench-zlib-")
    lines = []

    def say(s=""):
        print(s, flush=True)
        lines.append(s)

    try:
        say(f"node {subprocess.check_output([node, '--version']).decode().strip()}, "
            f"{os.cpu_count()} cores, {args.runs} interleaved runs, medians")
        say()
        say("| one-shot | input | nodecc us | node us | node/nodecc |")
        say("|---|---|---|---|---|")
        for label, size, reps in (("10 KiB", 10 * 1024, 2000), ("1 MiB", 1 << 20, 30)):
            path = os.path.join(work, f"in-{size}")
            generate(path, size)
            res = {"nodecc": [], "node": []}
            for _ in range(args.runs):
                for name, cmd in (("nodecc", [os.path.join(args.bin_dir, "bench-zlib-oneshot")]),
                                  ("node", [node, os.path.join(HERE, "oneshot.js")])):
                    out = subprocess.check_output(cmd + [path, str(reps)]).decode().split()
                    res[name].append((float(out[1]), float(out[3]), int(out[4])))
            for i, op in ((0, "gzipSync"), (1, "gunzipSync")):
                a = statistics.median(r[i] for r in res["nodecc"])
                b = statistics.median(r[i] for r in res["node"])
                say(f"| {op} | {label} | {a:.1f} | {b:.1f} | {b / a:.2f}x |")
            say(f"| gzip size | {label} | {res['nodecc'][0][2]} B | {res['node'][0][2]} B | |")
        say()
        big = os.path.join(work, "big.txt")
        generate(big, args.mb * 1000 * 1000)
        say(f"| fs -> createGzip -> fs, {args.mb} MB | wall s | CPU s | MB/s | peak RSS MB | out MB |")
        say("|---|---|---|---|---|---|")
        res = {"nodecc": [], "node": []}
        for _ in range(args.runs):
            for name, cmd in (("nodecc", [os.path.join(args.bin_dir, "bench-zlib-stream")]),
                              ("node", [node, os.path.join(HERE, "stream_gzip.js")])):
                out = os.path.join(work, f"out-{name}.gz")
                r = measure(cmd + [big, out])
                r["size"] = os.path.getsize(out)
                res[name].append(r)
                subprocess.run(["gzip", "-t", out], check=True)
        for name in ("nodecc", "node"):
            m = {k: statistics.median(r[k] for r in res[name]) for k in ("wall", "cpu", "rss_mb", "size")}
            say(f"| {name} | {m['wall']:.2f} | {m['cpu']:.2f} | {args.mb / m['wall']:.1f} | "
                f"{m['rss_mb']:.0f} | {m['size'] / 1e6:.1f} |")
        w = [b["wall"] / a["wall"] for a, b in zip(res["nodecc"], res["node"])]
        c = [b["cpu"] / a["cpu"] for a, b in zip(res["nodecc"], res["node"])]
        say(f"| node/nodecc | wall {statistics.median(w):.2f}x | CPU {statistics.median(c):.2f}x | | | |")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if args.out:
        with open(args.out, "w") as f:
            f.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
