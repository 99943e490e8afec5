#!/usr/bin/env bash
# Installs what pitboss needs to build and test on Debian 12, then configures and builds.
# Usage: scripts/setup.sh [BUILD_DIR] [extra cmake args...]
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(build-essential cmake pkg-config git
  libyaml-cpp-dev libre2-dev libspdlog-dev libfmt-dev libsimdjson-dev libcli11-dev
  zlib1g-dev libisal-dev libzstd-dev libsqlite3-dev libssl-dev libboost-math-dev libgtest-dev libgmock-dev libbenchmark-dev zstd gzip python3
  dpkg-dev man-db
  clang libclang-rt-14-dev clang-tidy clang-format chromium parallel ccache)
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo_cmd apt-get update -qq
  $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

build=${1:-build}
shift || true
cmake -S . -B "$build" "$@" >/dev/null
cmake --build "$build" -j "$(nproc)"
