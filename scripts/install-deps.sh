#!/usr/bin/env bash
# Installs what `make build`/`make test` need on Debian 12, only what is missing, silently when
# everything is already present. Idempotent: safe to run before every build.
set -euo pipefail

packages=(cmake ninja-build g++ make libgtest-dev pkg-config curl python3 wrk libbenchmark-dev
          clang libclang-rt-14-dev)

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
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
