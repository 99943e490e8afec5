#!/bin/sh
# `cmake --install` puts the binary and the bundled rules where the binary finds them: an
# installed pitboss, run from another folder, checks a log against its rules with no --rules;
# PITBOSS_RULES points it elsewhere.
# Usage: install.sh BUILD_DIR SOURCE_DIR WORKDIR
set -eu
build=$1
source=$2
work=$3
rm -rf "$work"
mkdir -p "$work"
cmake --install "$build" --prefix "$work/prefix" >/dev/null
test -x "$work/prefix/bin/pitboss"
test -f "$work/prefix/share/pitboss/rules/us-sd/casino-war.yaml"
cd "$work"
out=$("$work/prefix/bin/pitboss" check --no-progress "$source/fixtures/clean/us-sd-casino-war.jsonl")
echo "$out" | grep -q "file: $work/prefix/share/pitboss/rules/us-sd/casino-war.yaml" || {
  echo "FAIL: the installed rules were not used:"; echo "$out" | grep "file:"; exit 1; }
status=0
PITBOSS_RULES="$work/nowhere" "$work/prefix/bin/pitboss" check --no-progress \
  "$source/fixtures/clean/us-sd-casino-war.jsonl" >/dev/null 2>"$work/err" || status=$?
[ "$status" -eq 2 ] && grep -q "nowhere" "$work/err" || {
  echo "FAIL: PITBOSS_RULES was not used (exit $status):"; cat "$work/err"; exit 1; }
echo "ok"
