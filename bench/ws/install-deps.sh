#!/usr/bin/env bash
# Installs what `make bench-ws` needs beyond `make deps`, only what is missing: Node's ws 8 in
# bench/ws/peers/node/node_modules (npm ci: the version package-lock.json pins; git-ignored,
# again when the lockfile is newer than what npm installed) and gorilla/websocket in Go's module
# cache (go mod download, through the Go module proxy; go.sum pins it). uWebSockets is not
# installed: run.py builds it into the build tree from ../shared/peers/uwebsockets when that is
# present. A missing npm or go only skips that peer.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"

node_dir="$here/peers/node"
if command -v npm >/dev/null 2>&1; then
  if [ ! -d "$node_dir/node_modules/ws" ] ||
     [ "$node_dir/package-lock.json" -nt "$node_dir/node_modules/.package-lock.json" ]; then
    echo "installing ws 8 for bench/ws (npm ci in bench/ws/peers/node)"
    (cd "$node_dir" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
  fi
else
  echo "bench/ws: no npm on PATH: the Node ws peer will be skipped" >&2
fi

if command -v go >/dev/null 2>&1; then
  (cd "$here/peers/go" && GOTOOLCHAIN=local go mod download)
else
  echo "bench/ws: no go on PATH: the Go peer will be skipped" >&2
fi
