#!/usr/bin/env python3
"""Runs a Node benchmark script and its nodecc twin, interleaved, pinned to one core, and prints
each case's median ops/s and the ratio nodecc/Node (above 1: nodecc faster).

  compare.py --js bench/buffer/buffer_bench.js --bin build/bin/bench-buffer [--runs 5] [--cpu 0]

Both programs print "name ops_per_second" lines with the same names. Used by bench/buffer and
bench/crypto."""
import argparse
import shutil
import statistics
import subprocess


def run(cmd, cpu):
    if shutil.which("taskset"):
        cmd = ["taskset", "-c", str(cpu)] + cmd
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    result = {}
    for line in out.splitlines():
        name, _, value = line.rpartition(" ")
        result[name] = float(value)
    return result


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--js", required=True)
    ap.add_argument("--bin", required=True)
    ap.add_argument("--node", default="node")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--cpu", type=int, default=0)
    args = ap.parse_args()
    node, cc = {}, {}
    for _ in range(args.runs):  # interleaved, so drift in the machine's speed hits both
        for name, v in run([args.node, args.js], args.cpu).items():
            node.setdefault(name, []).append(v)
        for name, v in run([args.bin], args.cpu).items():
            cc.setdefault(name, []).append(v)
    version = subprocess.run([args.node, "--version"], capture_output=True, text=True).stdout
    print(f"| case | Node {version.strip()} ops/s | nodecc ops/s | nodecc / Node |")
    print("|---|---:|---:|---:|")
    for name in node:
        n, c = statistics.median(node[name]), statistics.median(cc.get(name, [0]))
        print(f"| {name} | {n:,.0f} | {c:,.0f} | {c / n:.2f}x |")


if __name__ == "__main__":
    main()
