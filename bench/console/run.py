#!/usr/bin/env python3
"""console.log('%s %d', 'req', 42) lines per second, nodecc against Node, to a file and to a pipe.

Each run starts the program under `taskset -c 0` with stdout on a regular file (on the disk
/tmp is on) or on a pipe whose reader (`cat > /dev/null`) runs under `taskset -c 1`, and times
the whole process, from start to exit: Node's writes that a full pipe made it queue are flushed
before it exits, so they are counted. The same program is also run with 0 lines, and lines per
second is N / (time(N) - time(0)), which leaves out start-up (Node's ~40 ms, nodecc's ~1 ms).
Rounds are interleaved (nodecc, node, nodecc, node...) so that a change in machine load hits
both alike; the table gives medians and the spread (max - min) / median.

usage: run.py --bin build/bin/bench-console-log [--lines N] [--rounds R] [--node node]
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def pinned(cpu, argv):
    return (["taskset", "-c", str(cpu)] + argv) if shutil.which("taskset") else argv


def run_once(argv, lines, target, tmpdir):
    """Seconds the program took, start to exit, with stdout on `target` ("file" or "pipe")."""
    cmd = pinned(0, argv + [str(lines)])
    if target == "file":
        path = os.path.join(tmpdir, "out.txt")
        with open(path, "wb") as out:
            start = time.perf_counter()
            subprocess.run(cmd, stdout=out, check=True)
            elapsed = time.perf_counter() - start
        size = os.path.getsize(path)
        os.unlink(path)
    else:
        reader = subprocess.Popen(pinned(1, ["sh", "-c", "wc -c"]), stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE)
        start = time.perf_counter()
        subprocess.run(cmd, stdout=reader.stdin, check=True)
        elapsed = time.perf_counter() - start
        reader.stdin.close()
        size = int(reader.stdout.read().strip())
        reader.wait()
    expected = lines * len("req 42\n")
    if size != expected:
        raise RuntimeError(f"{argv[0]}: {size} bytes written to the {target}, expected {expected}")
    return elapsed


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", required=True)
    ap.add_argument("--node", default="node")
    ap.add_argument("--lines", type=int, default=1000000)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()

    peers = {"nodecc": [os.path.abspath(args.bin)]}
    node = shutil.which(args.node)
    if node:
        peers["node"] = [node, os.path.join(HERE, "log_lines.js")]
    else:
        print("node not found: nodecc only")

    results = {}  # (peer, target) -> [lines per second]
    with tempfile.TemporaryDirectory() as tmpdir:
        for _ in range(args.rounds):
            for target in ("file", "pipe"):
                for peer, argv in peers.items():
                    base = run_once(argv, 0, target, tmpdir)
                    full = run_once(argv, args.lines, target, tmpdir)
                    results.setdefault((peer, target), []).append(args.lines / (full - base))

    print(f"console.log('%s %d', 'req', 42) x {args.lines}, {args.rounds} rounds, "
          f"{os.cpu_count()} CPUs, {time.strftime('%Y-%m-%d')}")
    print("| target | nodecc lines/s (spread) | node lines/s (spread) | nodecc / node |")
    print("|---|---|---|---|")
    for target in ("file", "pipe"):
        row = [target]
        medians = {}
        for peer in ("nodecc", "node"):
            values = results.get((peer, target))
            if not values:
                row.append("n/a")
                continue
            med = statistics.median(values)
            medians[peer] = med
            spread = (max(values) - min(values)) / med
            row.append(f"{med / 1e3:,.0f}k ({spread:.0%})")
        ratio = medians["nodecc"] / medians["node"] if "node" in medians else None
        row.append(f"{ratio:.2f}x" if ratio else "n/a")
        print("| " + " | ".join(row) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
