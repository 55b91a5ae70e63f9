#!/usr/bin/env bash
# Installs the Debian packages Monogram needs, and only those that are missing.
# One list for everything (make deps, make run, make test, make bench, the Dockerfile) so the
# build machine, CI and the container cannot drift apart.
#   scripts/deps.sh [build|runtime|all]   (default: all)
set -euo pipefail

# What the running service needs: the libraries it links and the fonts it draws with.
runtime=(
  libcairo2 libpango-1.0-0 libpangocairo-1.0-0 libfontconfig1 libpng16-16 zlib1g
  libcurl4 libturbojpeg0 libwebp7 libssl3
  fonts-dejavu-core fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji
  ca-certificates
)
# What compiling needs on top (headers and pkg-config files).
build=(
  pkg-config libcairo2-dev libpango1.0-dev libfontconfig1-dev libpng-dev zlib1g-dev
  libcurl4-openssl-dev libturbojpeg0-dev libwebp-dev libssl-dev
)
# What the tests and benchmarks start: a real nginx in front, headless Chromium for the
# playground, wrk for load; perf and valgrind for profiling the hot paths
# (docs/benchmarks.md), util-linux for taskset (PIN=1); nodejs and php-cli run the README's
# URL-signing snippets against `monogram sign` (python3 is already there).
tools=(
  nginx-light wrk procps chromium util-linux linux-perf valgrind
  nodejs php-cli
)

case "${1:-all}" in
  runtime) wanted=("${runtime[@]}") ;;
  build)   wanted=("${runtime[@]}" "${build[@]}") ;;
  all)     wanted=("${runtime[@]}" "${build[@]}" "${tools[@]}") ;;
  *) echo "usage: $0 [build|runtime|all]" >&2; exit 2 ;;
esac

missing=()
for pkg in "${wanted[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "installing: ${missing[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
