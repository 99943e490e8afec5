#!/bin/sh
# How soon the HTML check report shows its findings, in headless Chromium (docs/report.md): for
# each FINDINGS count (default 5000 50000), a log of that many rounds each settled wrong is
# checked with --format html and the page opened by tests/browser/html_report_test.py, which
# also holds the page to its JSON report. Prints, best of REPEAT: the page's size and the
# milliseconds from the navigation to the first page of findings made and painted.
#
# Usage: bench/html_page.sh [BUILD_DIR [WORK_DIR]]
#   env: FINDINGS ("5000 50000"), REPEAT (3), CHROMIUM (chromium)
set -eu

here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:-$here/../build}" && pwd)
work=${2:-${TMPDIR:-/tmp}/pitboss-bench-html}
repeat=${REPEAT:-3}
chromium=${CHROMIUM:-chromium}
mkdir -p "$work"
[ -x "$build/pitboss" ] || { echo "html_page.sh: $build/pitboss is not built" >&2; exit 2; }
command -v "$chromium" >/dev/null || { echo "html_page.sh: $chromium not found (scripts/setup.sh installs it)" >&2; exit 2; }

printf '%-10s %10s %12s %12s\n' findings "page MB" "made ms" "painted ms"
for n in ${FINDINGS:-5000 50000}; do
  best_made=""
  best_shown=""
  size=""
  i=0
  while [ "$i" -lt "$repeat" ]; do
    out=$(python3 "$here/../tests/browser/html_report_test.py" --pitboss "$build/pitboss" --chromium "$chromium" \
      --screenshot "$work/check-$n.png" --findings "$n" --time-limit 300 2>&1) || {
      echo "$out" >&2
      exit 2
    }
    # "ok: N findings: the page is S MB (...), its first page of findings made R ms and painted P ms ..."
    size=$(echo "$out" | sed -n 's/.*the page is \([0-9.]*\) MB.*/\1/p' | tail -n 1)
    made=$(echo "$out" | sed -n 's/.*findings made \([0-9]*\) ms.*/\1/p' | tail -n 1)
    shown=$(echo "$out" | sed -n 's/.*and painted \([0-9]*\) ms.*/\1/p' | tail -n 1)
    [ -n "$made" ] && [ -n "$shown" ] || { echo "html_page.sh: no time in: $out" >&2; exit 2; }
    if [ -z "$best_shown" ] || [ "$shown" -lt "$best_shown" ]; then
      best_shown=$shown
      best_made=$made
    fi
    i=$((i + 1))
  done
  printf '%-10s %10s %12s %12s\n' "$n" "$size" "$best_made" "$best_shown"
done
