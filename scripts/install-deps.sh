#!/usr/bin/env bash
# Installs the Debian 12 packages a profile needs, only what is missing, silently when everything
# is already present. Idempotent: safe to run before every build.
#   install-deps.sh lib    building and installing the library and the nodecc command
#                          (make install, make run)
#   install-deps.sh test   lib, and what the tests, fuzzers and benchmarks' build use
#                          (make build, make test); the default
set -euo pipefail

profile=${1:-test}

# What libnodecc.a is built with and links: a library a layer uses is one line here (and, when
# users must link it too, one nodecc_system_library line in the layer's CMakeLists).
lib_packages=(
  g++ cmake ninja-build make pkg-config
  libssl-dev            # OpenSSL 3: libcrypto for crypto (src/api/crypto), libssl for TLS (src/tls)
  libfast-float-dev     # fast_float, header-only: JSON numbers (src/api/json)
  zlib1g-dev            # zlib: deflate/gzip (src/zlib)
  libbrotli-dev         # brotli (src/zlib)
  libdeflate-dev        # libdeflate: zlib's one-shots (src/zlib)
  openssl               # the command: make run's demo makes its self-signed certificate with it
)
# What the tests and their oracles use.
test_packages=(
  libgtest-dev          # unit tests
  libbenchmark-dev      # bench/micro
  curl python3          # integration tests
  python3-venv          # the sslyze scan's virtualenv (tests/integration/tls/sslyze)
  clang libclang-rt-14-dev  # the libFuzzer targets (tests/fuzz)
  clang-format-14       # make format-check
  slowhttptest          # tests/integration/robustness
  nginx                 # oracle of the static-file and client tests
  wrk                   # load of the http, robustness and soak tests
  mold                  # links the test trees' ~300 executables each, 3x faster than ld.bfd
)

case "$profile" in
  lib) packages=("${lib_packages[@]}") ;;
  test) packages=("${lib_packages[@]}" "${test_packages[@]}") ;;
  *)
    echo "usage: $0 [lib|test]" >&2
    exit 2
    ;;
esac

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed"; then
    missing+=("$p")
  fi
done
# Node.js is the oracle of the compat tests; the machine image brings Node 20, Debian's is the
# fallback when none is on PATH.
if [ "$profile" = test ] && ! command -v node >/dev/null 2>&1; then
  missing+=(nodejs npm)
elif [ "$profile" = test ] && ! command -v npm >/dev/null 2>&1; then
  missing+=(npm)
fi
# Go's crypto/tls is a peer of the TLS interop test (tests/integration/tls/tls_probe.go, standard
# library only): the image's Go when there is one, Debian's (1.19) otherwise.
if [ "$profile" = test ] && ! command -v go >/dev/null 2>&1; then
  missing+=(golang-go)
fi

# Express 5 (and the packages its pairs test against, such as compression) is the oracle of
# tests/express: the versions package-lock.json pins, installed there by npm ci, never committed;
# again when the lockfile is newer than what npm installed.
express_oracle() {
  local dir
  dir="$(cd "$(dirname "$0")/.." && pwd)/tests/express"
  if [ "$profile" != test ]; then
    return 0
  fi
  if [ -d "$dir/node_modules/express" ] &&
     ! [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
    return 0
  fi
  echo "installing Express 5 for tests/express (npm ci)"
  (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
}

# sslyze (PyPI), the scanner of tests/integration/tls/test_scan.py: the versions
# requirements.txt pins, in a virtualenv beside it (never committed); again when the
# requirements are newer than the virtualenv.
sslyze_scanner() {
  local dir
  dir="$(cd "$(dirname "$0")/.." && pwd)/tests/integration/tls/sslyze"
  if [ "$profile" != test ]; then
    return 0
  fi
  if [ -x "$dir/.venv/bin/sslyze" ] && ! [ "$dir/requirements.txt" -nt "$dir/.venv/bin/sslyze" ]; then
    return 0
  fi
  echo "installing sslyze for tests/integration/tls (pip, in tests/integration/tls/sslyze/.venv)"
  rm -rf "$dir/.venv"
  /usr/bin/python3 -m venv "$dir/.venv"
  "$dir/.venv/bin/pip" install -q --disable-pip-version-check -r "$dir/requirements.txt"
  touch "$dir/.venv/bin/sslyze"
}

# The peers of tests/integration/ws/interop (run_interop.py skips a peer whose package is
# missing): Python's websockets (PyPI), the version requirements.txt pins, in a virtualenv
# beside it (never committed; again when the requirements are newer than the virtualenv), and
# gorilla/websocket in Go's module cache (go mod download through the Go module proxy; go.sum
# pins it). Node's ws is installed by tests/integration/ws's npm ci.
ws_interop_peers() {
  local dir
  dir="$(cd "$(dirname "$0")/.." && pwd)/tests/integration/ws/interop"
  if [ "$profile" != test ]; then
    return 0
  fi
  if ! [ -x "$dir/.venv/bin/python" ] || [ "$dir/requirements.txt" -nt "$dir/.venv/.installed" ]; then
    echo "installing websockets for tests/integration/ws/interop (pip, in its .venv)"
    rm -rf "$dir/.venv"
    /usr/bin/python3 -m venv "$dir/.venv"
    "$dir/.venv/bin/pip" install -q --disable-pip-version-check -r "$dir/requirements.txt"
    touch "$dir/.venv/.installed"
  fi
  if command -v go >/dev/null 2>&1; then
    (cd "$dir/go" && GOTOOLCHAIN=local GOFLAGS=-mod=readonly go mod download)
  fi
}

# The npm ws package (tests/integration/ws), the reference of the WebSocket tests: the version
# package-lock.json pins, installed there by npm ci, never committed; again when the lockfile is
# newer than what npm installed.
ws_oracle() {
  local dir
  dir="$(cd "$(dirname "$0")/.." && pwd)/tests/integration/ws"
  if [ "$profile" != test ]; then
    return 0
  fi
  if [ -d "$dir/node_modules/ws" ] &&
     ! [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
    return 0
  fi
  echo "installing ws for tests/integration/ws (npm ci)"
  (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
}

# Autobahn|Testsuite (PyPI), the WebSocket conformance suite of tests/integration/ws/autobahn:
# its wstest runs on Python 2.7 only, which Debian 12 no longer packages (nor PyPI), so pyenv's
# 2.7 when the machine has one ($NODECC_PYTHON2 names another); without one the Autobahn tests
# skip. The versions requirements.txt pins, with pip --target in .deps beside it (never
# committed); again when the requirements are newer than .deps.
autobahn_suite() {
  local dir python2=""
  dir="$(cd "$(dirname "$0")/.." && pwd)/tests/integration/ws/autobahn"
  if [ "$profile" != test ]; then
    return 0
  fi
  if [ -f "$dir/.deps/bin/wstest" ] && ! [ "$dir/requirements.txt" -nt "$dir/.deps/bin/wstest" ]; then
    return 0
  fi
  local candidates=("${NODECC_PYTHON2:-}")
  if [ -z "${NODECC_PYTHON2:-}" ]; then
    candidates=("${HOME:-/root}"/.pyenv/versions/2.7*/bin/python python2.7 python2)
  fi
  for p in "${candidates[@]}"; do
    if "$p" -c 'import sys; sys.exit(sys.version_info[:2] != (2, 7))' 2>/dev/null &&
       "$p" -m pip --version >/dev/null 2>&1; then
      python2="$p"
      break
    fi
  done
  if [ -z "$python2" ]; then
    return 0
  fi
  echo "installing Autobahn|Testsuite for tests/integration/ws/autobahn (pip, in .deps)"
  rm -rf "$dir/.deps"
  # pip 19 (the last for Python 2) has no switch for its Python 2 deprecation notice: its
  # output is shown only when it fails.
  local out
  if ! out=$(PYTHONPATH='' "$python2" -m pip install -q --disable-pip-version-check \
               --no-warn-script-location --target "$dir/.deps" -r "$dir/requirements.txt" 2>&1); then
    echo "$out" >&2
    return 1
  fi
  touch "$dir/.deps/bin/wstest"
}

if [ ${#missing[@]} -eq 0 ]; then
  express_oracle
  sslyze_scanner
  ws_interop_peers
  ws_oracle
  autobahn_suite
  exit 0
fi
echo "installing: ${missing[*]}"
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi
export DEBIAN_FRONTEND=noninteractive
# nginx is an oracle of the static-file and client tests, started by the tests themselves:
# policy-rc.d exit 101 ("action forbidden") keeps the package from starting a system daemon
# on port 80. Only ours is removed afterwards.
policy=/usr/sbin/policy-rc.d
ours=0
if [[ " ${missing[*]} " == *" nginx "* ]] && [ ! -e "$policy" ]; then
  printf '#!/bin/sh\nexit 101\n' | "${sudo_cmd[@]}" tee "$policy" >/dev/null
  "${sudo_cmd[@]}" chmod 755 "$policy"
  ours=1
fi
cleanup() { if [ "$ours" = 1 ]; then "${sudo_cmd[@]}" rm -f "$policy"; fi; }
trap cleanup EXIT
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
express_oracle
sslyze_scanner
ws_interop_peers
ws_oracle
autobahn_suite
