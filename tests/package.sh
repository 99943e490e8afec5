#!/bin/sh
# `cpack` builds the Debian package (the binary, the bundled rules and dialects, the docs and
# the manual page), with its dependencies declared; installed, its pitboss checks a log from
# another folder against the installed rules (/usr/share/pitboss/rules), and `man` reads its
# page, which names every command the binary has. Unpacked (dpkg -x) into a folder of its own,
# the binary finds its rules all the same; as root (as CI runs) the package is also installed
# with apt-get, and removed afterwards.
# Usage: package.sh BUILD_DIR SOURCE_DIR WORKDIR
set -eu
build=$1
source=$2
work=$3
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$work"
mkdir -p "$work/out" "$work/elsewhere"
cpack -G DEB --config "$build/CPackConfig.cmake" -B "$work/out" >"$work/cpack.log" 2>&1 || {
  cat "$work/cpack.log"; fail "cpack could not build the package"; }
set -- "$work"/out/pitboss_*.deb
[ $# -eq 1 ] && [ -f "$1" ] || fail "no single pitboss_*.deb in $work/out: $*"
deb=$1

# What the package says of itself: its dependencies (dpkg-shlibdeps), and what it holds.
dpkg-deb -f "$deb" Package | grep -qx pitboss || fail "the package is not named pitboss"
depends=$(dpkg-deb -f "$deb" Depends)
for lib in libc6 libstdc++6 libyaml-cpp; do
  echo "$depends" | grep -q "$lib" || fail "Depends does not name $lib: $depends"
done
dpkg-deb -c "$deb" >"$work/contents"
for f in ./usr/bin/pitboss ./usr/share/pitboss/rules/us-sd/casino-war.yaml \
  ./usr/share/pitboss/dialects/ ./usr/share/man/man1/pitboss.1.gz ./usr/share/doc/pitboss/README.md \
  ./usr/share/doc/pitboss/docs/report.md; do
  grep -q " $f\$" "$work/contents" || fail "the package holds no $f"
done

# Run from a folder of its own, with no --rules and no PITBOSS_RULES, the pitboss of the tree
# under $1 ("": the system's) finds the rules installed beside it, and man reads its page, which
# names every command the binary has.
try_installed() {
  root=$1
  bin="$root/usr/bin/pitboss"
  [ -x "$bin" ] || fail "no $bin"
  cd "$work/elsewhere"
  status=0
  out=$(env -u PITBOSS_RULES -u PITBOSS_DIALECTS "$bin" check --no-progress \
    "$source/fixtures/clean/us-sd-casino-war.jsonl") || status=$?
  [ "$status" -eq 0 ] || { echo "$out"; fail "$bin exits $status on a clean fixture"; }
  echo "$out" | grep -q "file: $root/usr/share/pitboss/rules/us-sd/casino-war.yaml" || {
    echo "$out" | grep "file:"; fail "$bin did not use its installed rules"; }
  page="$root/usr/share/man/man1/pitboss.1.gz"
  MANWIDTH=100 man --warnings -l "$page" >"$work/man.txt" 2>"$work/man.err" || fail "man -l $page"
  [ ! -s "$work/man.err" ] || { cat "$work/man.err"; fail "man warns of the page"; }
  commands=$("$bin" --help | sed -n '/^Subcommands:/,$p' | awk 'NR > 1 && /^  [a-z]/ {print $1}')
  [ -n "$commands" ] || fail "no command in pitboss --help"
  for c in $commands; do
    grep -q "pitboss $c" "$work/man.txt" || fail "the manual page does not document the command $c"
  done
}

# Unpacked into a folder (no root needed): the tree is relocatable.
dpkg -x "$deb" "$work/root"
try_installed "$work/root"

# Installed (as root, as CI runs): /usr/bin/pitboss and `man pitboss`; removed afterwards.
if [ "$(id -u)" -eq 0 ]; then
  if dpkg -s pitboss >/dev/null 2>&1; then
    fail "a pitboss package is installed already: this test installs and removes its own"
  fi
  trap 'apt-get purge -y -qq -o DPkg::Lock::Timeout=120 pitboss >/dev/null 2>&1 || true' EXIT
  apt-get install -y -qq -o DPkg::Lock::Timeout=120 --no-install-recommends "$deb" >"$work/apt.log" 2>&1 || {
    cat "$work/apt.log"; fail "apt-get could not install the package"; }
  try_installed ""
  MANWIDTH=100 man pitboss 2>/dev/null | grep -q "pitboss check" || fail "man pitboss does not find the page"
  [ "$(command -v pitboss)" = /usr/bin/pitboss ] || fail "pitboss is not /usr/bin/pitboss on the PATH"
fi
echo "ok"
