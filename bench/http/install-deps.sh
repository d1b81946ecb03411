#!/usr/bin/env bash
# Installs what `make bench` needs beyond `make deps` on Debian 12, only what is missing:
# wrk (the load generator), nginx and h2o (peers), python3-matplotlib (plots), util-linux
# (taskset). Node.js and Go come with the machine image. The packages' services are kept from
# starting (the benchmark starts its own servers on ephemeral ports and stops them itself).
set -euo pipefail

packages=(wrk nginx h2o python3 python3-matplotlib util-linux)
missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed"; then
    missing+=("$p")
  fi
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "installing: ${missing[*]}"
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi
export DEBIAN_FRONTEND=noninteractive
# policy-rc.d exit 101 = "action forbidden": the nginx and h2o packages would otherwise start
# system daemons on ports 80/443 that nobody stops. Only ours is removed afterwards.
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
