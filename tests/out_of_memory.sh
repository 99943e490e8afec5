#!/bin/sh
# Out of memory ends with exit 2 and one line on standard error, never an abort (issue: a
# std::bad_alloc used to end the process with SIGABRT, exit 134). A 40 MiB line (under the
# 64 MiB line limit, so it is read and parsed) under a 60 MB address-space limit.
# Usage: out_of_memory.sh PITBOSS WORKDIR
set -u
pitboss=$1
work=$2
mkdir -p "$work"
python3 -c "
import json, sys
r = {'round': 'X1', 'time': '2026-01-01T00:00:00Z', 'table': 'T', 'rules': 'us-sd/casino-war', 'events': [],
     'pad': 'x' * (40 << 20)}
open(sys.argv[1], 'w').write(json.dumps(r) + '\n')" "$work/big-line.jsonl"
(ulimit -v 60000; exec "$pitboss" check --no-progress "$work/big-line.jsonl" >"$work/out" 2>"$work/err")
status=$?
rm -f "$work/big-line.jsonl"
if [ "$status" -ne 2 ]; then
  echo "FAIL: exit $status, expected 2"; cat "$work/err"; exit 1
fi
if [ "$(wc -l <"$work/err")" -ne 1 ] || ! grep -q "^pitboss: out of memory" "$work/err"; then
  echo "FAIL: expected one line 'pitboss: out of memory...', got:"; cat "$work/err"; exit 1
fi
echo "ok: exit 2, $(cat "$work/err")"
