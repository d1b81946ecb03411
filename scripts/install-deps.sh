#!/usr/bin/env bash
# Installs what `make build`/`make test` need on Debian 12, only what is missing, silently when
# everything is already present. Idempotent: safe to run before every build.
set -euo pipefail

packages=(cmake ninja-build g++ make libgtest-dev pkg-config curl python3 wrk libbenchmark-dev
          clang libclang-rt-14-dev clang-format-14 slowhttptest nginx libssl-dev
          libfast-float-dev zlib1g-dev libbrotli-dev libdeflate-dev)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed"; then
    missing+=("$p")
  fi
done
# Node.js is the oracle of the compat tests; the machine image brings Node 20, Debian's is the
# fallback when none is on PATH.
if ! command -v node >/dev/null 2>&1; then
  missing+=(nodejs)
fi

if [ ${#missing[@]} -eq 0 ]; then
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
if [ ! -e "$policy" ]; then
  printf '#!/bin/sh\nexit 101\n' | "${sudo_cmd[@]}" tee "$policy" >/dev/null
  "${sudo_cmd[@]}" chmod 755 "$policy"
  ours=1
fi
cleanup() { if [ "$ours" = 1 ]; then "${sudo_cmd[@]}" rm -f "$policy"; fi; }
trap cleanup EXIT
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
