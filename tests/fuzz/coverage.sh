#!/usr/bin/env bash
# Line and branch coverage that a fuzz target's corpus reaches in the code it targets:
#   tests/fuzz/coverage.sh TARGET CORPUS_DIR [OUT_DIR]
# e.g. tests/fuzz/coverage.sh server build-asan/fuzz/server
# Builds the library's sources and the target's driver with clang's source-based coverage
# (-fprofile-instr-generate -fcoverage-mapping, no sanitizers; the library once, in
# OUT_DIR/lib, default /tmp/nodecc-fuzz-coverage), runs every input of CORPUS_DIR once
# (libFuzzer's -runs=0) and prints llvm-cov's report for the target's files.
set -euo pipefail

target=${1:?usage: coverage.sh TARGET CORPUS_DIR [OUT_DIR]}
corpus=${2:?usage: coverage.sh TARGET CORPUS_DIR [OUT_DIR]}
out=${3:-/tmp/nodecc-fuzz-coverage}
root=$(cd "$(dirname "$0")/../.." && pwd)
fuzz="$root/tests/fuzz"
jobs=${JOBS:-$(nproc)}
cxx=${CXX:-clang++}
flags=(-std=c++20 -O1 -g -fprofile-instr-generate -fcoverage-mapping -I"$root/src"
       -I"$root/include" -I"$fuzz")

# The files each target is about (llvm-cov's report is limited to them).
case "$target" in
  parser) files=(http/scan.cc http/methods.cc http/target_syntax.cc http/field_values.cc
                 http/head_scanner.cc http/parser.cc http/chunked.cc) ;;
  chunked) files=(http/chunked.cc http/head_scanner.cc) ;;
  range) files=(static/byte_ranges.cc) ;;
  accept_encoding) files=(static/content_coding.cc) ;;
  url) files=(api/url/codec.cc api/url/host.cc api/url/idna.cc api/url/legacy.cc
              api/url/parser.cc api/url/record.cc api/url/resolve.cc api/url/search_params.cc
              api/url/whatwg.cc api/url/querystring.cc) ;;
  server) files=(http/server_connection.cc http/server_connection_output.cc
                 http/server_core.cc http/exchange.cc http/parser.cc http/head_scanner.cc
                 http/chunked.cc api/http/server/server.cc api/http/server/exchange.cc
                 api/http/incoming.cc api/http/outgoing.cc api/http/server/response.cc
                 api/http/server/response_wire.cc api/http/server/serve_static.cc
                 static/static_files.cc static/path_resolution.cc static/byte_ranges.cc
                 static/content_coding.cc static/preconditions.cc static/responses.cc
                 net/stream.cc) ;;
  express_range) files=(api/express/range_parser.cc) ;;
  express_body) files=(api/express/body_read.cc api/express/type_is.cc
                       api/express/content_type.cc) ;;
  express_path) files=(api/express/path_pattern.cc api/express/parse_url.cc) ;;
  express_headers) files=(api/express/negotiation.cc api/express/content_type.cc
                          api/express/cookie_parse.cc api/express/parse_url.cc) ;;
  *) echo "unknown target: $target" >&2; exit 2 ;;
esac

# The library: every source under src/ (module folders included), compiled once per change.
mkdir -p "$out/lib" "$out/$target"
objects=()
pids=()
while IFS= read -r src; do
  rel=${src#"$root/src/"}
  obj="$out/lib/${rel//\//_}.o"
  objects+=("$obj")
  if [ ! -f "$obj" ] || [ "$src" -nt "$obj" ]; then
    "$cxx" "${flags[@]}" -c "$src" -o "$obj" &
    pids+=($!)
    if [ ${#pids[@]} -ge "$jobs" ]; then
      wait "${pids[0]}"
      pids=("${pids[@]:1}")
    fi
  fi
done < <(find "$root/src" -name '*.cc' | sort)
for p in "${pids[@]}"; do wait "$p"; done

driver=("$fuzz/${target}_fuzz.cc")
if [ "$target" = server ]; then
  driver+=("$fuzz/server_wire.cc")
fi
bin="$out/$target/fuzz-$target-coverage"
"$cxx" "${flags[@]}" -fsanitize=fuzzer "${driver[@]}" "${objects[@]}" -lpthread -lcrypto -lz -lbrotlienc -lbrotlidec -ldeflate \
  -o "$bin"

rm -f "$out/$target"/*.profraw
LLVM_PROFILE_FILE="$out/$target/%p.profraw" "$bin" -runs=0 "$corpus" > "$out/$target/run.log" 2>&1
llvm-profdata merge -sparse "$out/$target"/*.profraw -o "$out/$target/merged.profdata"
paths=()
for f in "${files[@]}"; do
  paths+=("$root/src/$f")
done
llvm-cov report "$bin" -instr-profile="$out/$target/merged.profdata" "${paths[@]}"
