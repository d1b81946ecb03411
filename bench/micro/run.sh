#!/usr/bin/env bash
# bench/micro/run.sh BUILD_DIR: runs bench-micro and its Node.js twins in the same session,
# interleaved (round k: bench-micro, then every twin; ROUNDS rounds), each pinned to CPU 0
# with taskset when available, and prints a Markdown table of the medians over the rounds:
#   benchmark | nodecc ns/op | node ns/op | ratio (node/nodecc) | spread
# Rows ending in /loop or /threadpool measure a layer below the public API; their Node column
# is the same Node operation as the /api row (Node has nothing lower to offer). Rows ending in
# /floor are not nodecc but the machine's lower bound for the operation (see the .cc file).
#
# Environment: ROUNDS (default 3), BENCH_FILTER (a substring of the benchmark names),
# MIN_TIME (Google Benchmark seconds per benchmark, default 0.3), KEEP (a directory that
# receives the raw JSON results).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
build=${1:-build}
bin=$build/bin/bench-micro
rounds=${ROUNDS:-3}
filter=${BENCH_FILTER:-}
min_time=${MIN_TIME:-0.3}

if [ ! -x "$bin" ]; then
  echo "run.sh: $bin not found: build with Google Benchmark installed (libbenchmark-dev)" >&2
  exit 1
fi

pin=()
if command -v taskset >/dev/null 2>&1 && taskset -c 0 true 2>/dev/null; then
  pin=(taskset -c 0)
fi
have_node=0
if command -v node >/dev/null 2>&1; then
  have_node=1
fi

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

gb_filter=()
if [ -n "$filter" ]; then
  gb_filter=("--benchmark_filter=$filter")
fi

start=$SECONDS
for round in $(seq 1 "$rounds"); do
  echo "round $round/$rounds: bench-micro" >&2
  "${pin[@]}" "$bin" "${gb_filter[@]}" --benchmark_min_time="$min_time" \
    --benchmark_min_warmup_time=0.05 --benchmark_format=json \
    > "$out/cpp.$round.json" 2> "$out/cpp.$round.log"
  if [ "$have_node" = 1 ]; then
    for twin in "$here"/node/*.js; do
      [ "$(basename "$twin")" = common.js ] && continue
      echo "round $round/$rounds: node $(basename "$twin")" >&2
      BENCH_FILTER="$filter" "${pin[@]}" node "$twin" >> "$out/node.$round.jsonl"
    done
  fi
done
elapsed=$((SECONDS - start))

if [ -n "${KEEP:-}" ]; then
  mkdir -p "$KEEP"
  cp "$out"/*.json* "$KEEP"/
fi

python3 - "$out" "$rounds" "$elapsed" "${#pin[@]}" <<'PY'
import glob, json, os, platform, statistics, subprocess, sys

out, rounds, elapsed, pinned = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4] != "0"
to_ns = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}

cpp, order = {}, []  # name -> [ns/op per round]
for path in sorted(glob.glob(os.path.join(out, "cpp.*.json"))):
    with open(path) as f:
        doc = json.load(f)
    for b in doc["benchmarks"]:
        if b.get("run_type") != "iteration" or b.get("error_occurred"):
            continue
        name = b["run_name"].removesuffix("/real_time")
        ns = b["real_time"] * to_ns[b["time_unit"]] / b["ops"]
        if name not in cpp:
            order.append(name)
        cpp.setdefault(name, []).append(ns)

node = {}
for path in sorted(glob.glob(os.path.join(out, "node.*.jsonl"))):
    with open(path) as f:
        for line in f:
            if line.strip():
                r = json.loads(line)
                node.setdefault(r["name"], []).append(r["ns_per_op"])

def spread(xs):
    m = statistics.median(xs)
    return (max(xs) - min(xs)) / m * 100 if m else 0.0

def fmt(ns):
    return f"{ns:,.1f}" if ns < 100 else f"{ns:,.0f}"

def cpu():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"

def node_version():
    try:
        return subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip()
    except OSError:
        return "not found"

print(f"bench-micro vs Node.js {node_version()}: {cpu()}, {os.cpu_count()} CPUs, "
      f"load average {os.getloadavg()[0]:.2f}, {'pinned to CPU 0' if pinned else 'not pinned'}, "
      f"{rounds} interleaved rounds in {elapsed} s; medians over the rounds.")
print()
print("| benchmark | nodecc ns/op | node ns/op | ratio (node/nodecc) | spread nodecc / node |")
print("|---|---:|---:|---:|---:|")
below = []
for name in order:
    c = statistics.median(cpp[name])
    twin = name.rsplit("/", 1)[0]  # drop the layer suffix: /api, /loop, /threadpool
    if twin in node:
        n = statistics.median(node[twin])
        ratio = n / c
        floor = name.endswith("/floor")
        mark = " (floor)" if floor else "" if ratio >= 10 else " (< 10x)"
        if ratio < 10 and not floor:
            below.append(name)
        print(f"| {name} | {fmt(c)} | {fmt(n)} | {ratio:.1f}x{mark} | "
              f"{spread(cpp[name]):.0f}% / {spread(node[twin]):.0f}% |")
    else:
        print(f"| {name} | {fmt(c)} | n/a | n/a | {spread(cpp[name]):.0f}% / - |")
print()
print("spread: (max - min) / median over the rounds. /api rows use the public API; /loop and "
      "/threadpool rows the layer below, against the same Node operation; /floor rows are the "
      "machine's lower bound (not nodecc), their ratio the best any implementation can reach.")
if below:
    print(f"below the 10x target: {', '.join(below)}")
PY
