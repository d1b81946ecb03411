#!/usr/bin/env bash
# bench/path/run.sh BUILD_DIR: bench-path (nodecc) and path_bench.js (Node) in the same session,
# interleaved (round k: nodecc, then Node; ROUNDS rounds), each pinned to CPU 0 when taskset
# works, then a Markdown table of the medians over the rounds, and of the minimums (interference
# from other jobs only adds time, to either side):
#   function | nodecc ns/call | node ns/call | ratio (node/nodecc) | the same for the minimums
# Environment: ROUNDS (default 3), BENCH_OPS (calls per repetition, default 2000000),
# BENCH_FILTER (a substring of the function names).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
build=${1:-build}
bin=$(cd "$build" && pwd)/bin/bench-path
rounds=${ROUNDS:-3}
if [ ! -x "$bin" ]; then
  echo "run.sh: $bin not found (cmake --build $build --target bench-path)" >&2
  exit 1
fi
pin=()
if command -v taskset >/dev/null 2>&1 && taskset -c 0 true 2>/dev/null; then
  pin=(taskset -c 0)
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# Both resolve() against the same working directory: this one.
cd "$here"
for round in $(seq 1 "$rounds"); do
  echo "round $round/$rounds" >&2
  "${pin[@]}" "$bin" "$here" > "$out/cc.$round.jsonl" 2>/dev/null
  "${pin[@]}" node "$here/path_bench.js" > "$out/node.$round.jsonl"
done

python3 - "$out" "$rounds" <<'PY'
import glob, json, os, platform, statistics, sys
out, rounds = sys.argv[1], int(sys.argv[2])
def load(prefix):
    rows, order = {}, []
    for path in sorted(glob.glob(os.path.join(out, prefix + ".*.jsonl"))):
        for line in open(path):
            r = json.loads(line)
            if r["name"] not in rows:
                order.append(r["name"])
            rows.setdefault(r["name"], []).append(r["ns_per_op"])
    return rows, order
cc, order = load("cc")
node, _ = load("node")
cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
print(f"{rounds} rounds, medians (and minimums) over the rounds of CPU ns per call; {cpu}, "
      f"{os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}")
print()
print("| function | nodecc ns/call | node ns/call | ratio | nodecc min | node min | ratio of mins |")
print("|---|---:|---:|---:|---:|---:|---:|")
nan = [float("nan")]
for name in order:
    c, n = statistics.median(cc[name]), statistics.median(node.get(name, nan))
    cm, nm = min(cc[name]), min(node.get(name, nan))
    print(f"| {name} | {c:.1f} | {n:.1f} | {n / c:.1f}x | {cm:.1f} | {nm:.1f} | {nm / cm:.1f}x |")
PY
