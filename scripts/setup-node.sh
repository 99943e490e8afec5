#!/usr/bin/env bash
# Installs the independent report readers the end-to-end tests use (tests/node/package.json:
# Microsoft's SARIF Multitool and a JUnit reader), exactly as tests/node/package-lock.json pins
# them. Installs Debian's nodejs and npm with apt-get when node is missing, and the ICU library
# the Multitool's .NET runtime loads. Does nothing when the installed packages match the lock.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v node >/dev/null 2>&1 || missing+=(nodejs)
command -v npm >/dev/null 2>&1 || missing+=(npm)
dpkg -s libicu72 >/dev/null 2>&1 || missing+=(libicu72)
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup-node: installing ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo_cmd apt-get update -qq
  $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

cd tests/node
stamp=node_modules/.pitboss-installed-lock
if ! cmp -s package-lock.json "$stamp" 2>/dev/null; then
  echo "setup-node: npm ci in tests/node"
  npm ci --no-audit --no-fund --loglevel=error
  cp package-lock.json "$stamp"
fi
