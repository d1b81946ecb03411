#!/usr/bin/env python3
"""nodecc's zlib and Node's read each other's output: every format at levels 0-9 and brotli
qualities 0-11, on generated text, binary and empty data, in both directions (compared by
content: the compressed bytes differ, as two zlib builds' do), nodecc both through its one-shots
and through its stream classes ("nodecc-stream": zlib's deflate, where the one-shots use
libdeflate). Corrupt and truncated inputs give the same error line (String(err), code, errno)
from both, in the one-shot and the stream forms. Each side runs its jobs in one process
(zlib-tool batch, zlib_tool.js batch)."""
import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile

PAIRS = [("gzip", ["gunzip", "unzip"], range(10)), ("deflate", ["inflate", "unzip"], range(10)),
         ("deflateRaw", ["inflateRaw"], range(10)),
         ("brotliCompress", ["brotliDecompress"], range(12))]


def batch(cmd, jobs, work, name):
    path = os.path.join(work, name + ".jobs")
    with open(path, "w") as f:
        for job in jobs:
            f.write(" ".join(job) + "\n")
    subprocess.run(cmd + ["batch", path], check=True, timeout=600)


def read(path):
    with open(path, "rb") as f:
        return f.read()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool", required=True)
    ap.add_argument("--js", required=True)
    args = ap.parse_args()
    node = shutil.which("node")
    if node is None:
        print("node not found: skipped")
        return 77
    tools = {"nodecc": [args.tool], "node": [node, args.js], "nodecc-stream": [args.tool]}
    prefix = {"nodecc": "", "node": "", "nodecc-stream": "stream-"}
    rng = random.Random(17)
    words = [b"alpha", b"beta", b"gamma", b"delta", b"GET /index.html", b"200 OK", b"\n"]
    inputs = {"text": b" ".join(rng.choice(words) for _ in range(60000)),
              "binary": bytes(rng.getrandbits(8) for _ in range(20000)), "empty": b""}
    work = tempfile.mkdtemp(prefix="zlib-interop-")
    try:
        for name, data in inputs.items():
            with open(os.path.join(work, name), "wb") as f:
                f.write(data)
        # Each side compresses everything, then reads everything the other side made.
        for side in tools:
            jobs = [(prefix[side] + c, str(level), os.path.join(work, name),
                     os.path.join(work, f"{side}.{c}.{level}.{name}"))
                    for c, _, levels in PAIRS for level in levels for name in inputs]
            batch(tools[side], jobs, work, side + "-compress")
        checks = []
        for src, dst in (("node", "nodecc"), ("nodecc", "node"), ("node", "nodecc-stream"),
                         ("nodecc-stream", "node")):
            jobs = []
            for c, decompressors, levels in PAIRS:
                for level in levels:
                    for name in inputs:
                        packed = os.path.join(work, f"{src}.{c}.{level}.{name}")
                        for d in decompressors:
                            out = f"{packed}.{dst}.{d}"
                            jobs.append((prefix[dst] + d, "-", packed, out))
                            checks.append((f"{src} {c} -{level} -> {dst} {d} ({name})", out, inputs[name]))
            batch(tools[dst], jobs, work, dst + "-decompress")
        failures = 0
        for what, out, want in checks:
            got = read(out)
            if got != want:
                print(f"FAIL {what}: {len(got)} bytes for {len(want)}: {got[:120]!r}")
                failures += 1
        # Bad input: the same error line from both.
        gz = read(os.path.join(work, "node.gzip.6.text"))
        br = read(os.path.join(work, "node.brotliCompress.11.text"))
        df = read(os.path.join(work, "node.deflate.6.text"))
        bad = [("gunzip", b"not gzip at all"), ("gunzip", gz[:-5]), ("gunzip", gz[:10]),
               ("gunzip", gz + b"xyz"), ("gunzip", gz[:-6] + bytes([gz[-6] ^ 1]) + gz[-5:]),
               ("gunzip", gz + bytes(7)), ("gunzip", gz + gz), ("inflate", b""),
               ("inflate", df[:len(df) // 2]), ("inflate", df + b"trailing"), ("unzip", b"\x1f"),
               ("unzip", b"\x1f\x8b"), ("inflateRaw", b"\xff\xff\xff\xff garbage"),
               ("brotliDecompress", b"garbage!"), ("brotliDecompress", br[:-3]),
               ("brotliDecompress", b""), ("brotliDecompress", br + b"xyz")]
        for side in tools:
            jobs = []
            for i, (mode, data) in enumerate(bad):
                path = os.path.join(work, f"bad{i}")
                with open(path, "wb") as f:
                    f.write(data)
                jobs.append((prefix[side] + mode, "-", path, f"{path}.{side}"))
            batch(tools[side], jobs, work, side + "-bad")
        # The streams see the end of the input as the one-shots do, except that a gunzip
        # stream stops at zero padding before reading what follows: the same errors here.
        for side in ("nodecc", "nodecc-stream"):
            for i, (mode, data) in enumerate(bad):
                a = read(os.path.join(work, f"bad{i}.node"))
                b = read(os.path.join(work, f"bad{i}.{side}"))
                if a != b:
                    print(f"FAIL bad input {side} {mode} {data[:16]!r}: node {a[:100]!r} "
                          f"{side} {b[:100]!r}")
                    failures += 1
        total = len(checks) + 2 * len(bad)
        print(f"{total - failures} passed, {failures} failed")
        return 1 if failures else 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
