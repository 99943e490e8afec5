#!/bin/sh
# Runs the fixture runner: run_fixtures.sh BINARY SOURCE_DIR [FIXTURE...]
# (the CTest entry e2e.fixtures; see fixtures/README.md).
set -eu
here=$(dirname "$0")
exec python3 "$here/run_fixtures.py" "$@"
