#!/bin/sh
# expect_exit.sh STATUS [--grep PATTERN]... [--stdin FILE] -- COMMAND [ARG]...
# Runs COMMAND and fails unless it exits with STATUS and its output (standard output and
# standard error together) matches every PATTERN (grep -E). For the end-to-end CLI tests.
set -u
want=$1; shift
patterns=""
stdin=/dev/null
while [ $# -gt 0 ]; do
  case $1 in
    --grep) patterns="$patterns
$2"; shift 2 ;;
    --stdin) stdin=$2; shift 2 ;;
    --) shift; break ;;
    *) echo "expect_exit.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
out=$("$@" <"$stdin" 2>&1)
got=$?
status=0
if [ "$got" -ne "$want" ]; then
  echo "FAIL: exit $got, expected $want: $*"
  status=1
fi
printf '%s\n' "$patterns" | while IFS= read -r p; do
  [ -z "$p" ] && continue
  if ! printf '%s\n' "$out" | grep -Eq -- "$p"; then
    echo "FAIL: output does not match '$p': $*"
    exit 1
  fi
done || status=1
if [ "$status" -ne 0 ]; then
  printf '%s\n' "$out" | tail -n 20
fi
exit $status
