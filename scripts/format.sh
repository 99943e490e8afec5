#!/usr/bin/env bash
# The C++ sources in the project's style (.clang-format). Usage:
#   scripts/format.sh           rewrite every file that is not
#   scripts/format.sh --check   change nothing; list the files that are not, and fail if any
# scripts/test.sh runs the check, so that the tree stays formatted once it is.
set -euo pipefail
cd "$(dirname "$0")/.."
format=$(command -v clang-format || command -v clang-format-14 || true)
if [ -z "$format" ]; then
  echo "format: clang-format not found (scripts/setup.sh installs it)" >&2
  exit 2
fi
mapfile -t files < <(git ls-files -- 'src/*.cc' 'src/*.h' 'include/*.h' 'bench/*.cc' 'bench/*.h' 'fuzz/*.cc' 'tests/*.cc' 'tests/*.h')
if [ "${1:-}" = "--check" ]; then
  bad=()
  for f in "${files[@]}"; do
    "$format" --style=file --dry-run --Werror "$f" >/dev/null 2>&1 || bad+=("$f")
  done
  if [ ${#bad[@]} -gt 0 ]; then
    echo "format: ${#bad[@]} file(s) not in the project's style; scripts/format.sh rewrites them:" >&2
    printf '  %s\n' "${bad[@]}" >&2
    exit 1
  fi
  echo "format: ${#files[@]} files in the project's style"
else
  "$format" --style=file -i "${files[@]}"
fi
