#!/bin/sh
# The reverse-proxy benchmark: examples/proxy (nodecc) against examples/proxy.js (Node.js)
# and nginx as a reverse proxy, each in front of example-hello. See README.md.
#   bench/proxy/run.sh                      # 3 repetitions of 10 s, 100 connections
#   bench/proxy/run.sh --reps 1 --duration 3
#   BUILD_DIR=build-bench bench/proxy/run.sh
set -e
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${BUILD_DIR:-$root/build}
if [ ! -x "$build/bin/example-proxy" ] || [ ! -x "$build/bin/example-hello" ]; then
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
  ninja -C "$build" -j2 example-proxy example-hello
fi
exec python3 "$here/proxy_bench.py" --build-dir "$build" "$@"
