#!/usr/bin/env bash
# clang-format (Debian's 14, the version .clang-format is written for) over every C++ file the
# repository tracks. `format.sh --check` lists the files that differ and fails; without it, the
# files are rewritten. Folders whose code mirrors a .js twin line for line (examples/,
# tests/compat/) opt out through their own .clang-format.
set -euo pipefail
cd "$(dirname "$0")/.."
tool=$(command -v clang-format-14 || command -v clang-format || true)
if [ -z "$tool" ]; then
  echo "format: clang-format-14 not found (scripts/install-deps.sh installs it)" >&2
  exit 1
fi
mapfile -t files < <(git ls-files '*.h' '*.cc' '*.cpp')
if [ "${1:-}" = "--check" ]; then
  bad=()
  for f in "${files[@]}"; do
    if ! "$tool" --dry-run -Werror "$f" >/dev/null 2>&1; then
      bad+=("$f")
    fi
  done
  if [ ${#bad[@]} -gt 0 ]; then
    printf 'format: %s differs from clang-format\n' "${bad[@]}" >&2
    echo "format: run 'make format' to fix ${#bad[@]} file(s)" >&2
    exit 1
  fi
  echo "format: ${#files[@]} files clean"
else
  "$tool" -i "${files[@]}"
fi
