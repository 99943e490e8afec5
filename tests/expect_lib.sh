# Sourced by the shell tests: expect STATUS PATTERN COMMAND... runs COMMAND (at most
# EXPECT_TIMEOUT seconds, 60 by default: a guard against a hang, it measures nothing) and sets
# status=1, printing what it got, unless it exits STATUS and its output matches PATTERN
# (extended regex).
status=0
expect() {  # STATUS PATTERN COMMAND...
  want=$1 pattern=$2
  shift 2
  out=$(timeout "${EXPECT_TIMEOUT:-60}" "$@" 2>&1)
  got=$?
  if [ "$got" -ne "$want" ] || ! printf '%s\n' "$out" | grep -Eq -- "$pattern"; then
    echo "FAIL: exit $got (expected $want), or no '$pattern': $*"
    printf '%s\n' "$out" | tail -n 20
    status=1
  fi
}
