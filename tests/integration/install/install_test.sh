#!/usr/bin/env bash
# A downstream user's build, proven: install nodecc into a scratch prefix, then build the
# examples' project against it with find_package(nodecc) (two of its programs: timers and the
# http hello; all of them took over the test's time under ASan once there were twelve) and one
# example with pkg-config, and run one.
# Usage: install_test.sh BUILD_DIR SOURCE_DIR "EXTRA_CXX_FLAGS"
set -euo pipefail
build=$1
src=$2
flags=${3:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cmake --install "$build" --prefix "$work/prefix" > /dev/null
test -f "$work/prefix/include/nodecc/nodecc.h"
test -f "$work/prefix/lib/libnodecc.a"
test -f "$work/prefix/lib/cmake/nodecc/nodeccConfig.cmake"
test -f "$work/prefix/lib/pkgconfig/nodecc.pc"

cmake -S "$src/examples" -B "$work/examples" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$work/prefix" -DCMAKE_CXX_FLAGS="$flags" > /dev/null
cmake --build "$work/examples" --target example-timers example-hello > /dev/null
out=$("$work/examples/example-timers")
grep -q "^exit 0$" <<< "$out"

export PKG_CONFIG_PATH="$work/prefix/lib/pkgconfig"
# shellcheck disable=SC2046
g++ $flags "$src/examples/timers.cc" -o "$work/timers-pc" $(pkg-config --cflags --libs nodecc)
"$work/timers-pc" | grep -q "^slept 450 ms$"
echo "install test: find_package and pkg-config builds work"
