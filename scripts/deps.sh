#!/usr/bin/env bash
# Installs the Debian packages Monogram needs, and only those that are missing.
# One file for every list (make deps, make run, make test, make bench, the Dockerfile) so the
# build machine, CI and the container cannot drift apart.
#   scripts/deps.sh [runtime|build|test|all]   (default: all; each includes the lists before it)
#   scripts/deps.sh image                      (only what `make image` needs)
set -euo pipefail

# What the running service needs: the libraries it links and the fonts it draws with.
runtime=(
  libcairo2 libpango-1.0-0 libpangocairo-1.0-0 libharfbuzz0b libfontconfig1 libpng16-16 zlib1g
  libcurl4 libturbojpeg0 libwebp7 libavif15 libdeflate0 libssl3
  fonts-dejavu-core fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji
  ca-certificates
)
# What compiling needs on top (headers and pkg-config files).
build=(
  pkg-config libcairo2-dev libpango1.0-dev libharfbuzz-dev libfontconfig1-dev libpng-dev zlib1g-dev
  libcurl4-openssl-dev libturbojpeg0-dev libwebp-dev libavif-dev libdeflate-dev libssl-dev
)
# What `make test` starts on top: a real nginx in front, headless Chromium for the playground,
# and the offline checkers of docs/ and deploy/ (promtool, docker-compose `config`,
# systemd-analyze verify; python3-venv for scripts/pyenv.sh's OpenAPI and Kubernetes tools);
# nodejs and php-cli run the README's URL-signing snippets against `monogram sign`; nodejs
# also runs the JavaScript client's tests, and node-typescript's tsc checks its JSDoc types;
# varnish and varnish-modules (xkey) are the shipped edge (deploy/varnish), compiled and run live.
test=(
  nginx-light procps chromium prometheus docker-compose systemd python3-venv nodejs php-cli
  node-typescript varnish varnish-modules
)
# What `make bench`, `make hostile` and profiling add: wrk for load; perf and valgrind for the
# hot paths (docs/benchmarks.md), util-linux for taskset (PIN=1), slowhttptest for slowloris,
# slow body and slow read (docs/hardening.md).
bench=(
  wrk util-linux linux-perf valgrind slowhttptest
)
# What `make image` and its test need: podman with runc (crun refuses hybrid cgroups), and
# debootstrap for the local base images built when no registry is reachable (scripts/image.sh);
# iptables for podman's port publishing.
image=(
  podman runc debootstrap iptables
)

case "${1:-all}" in
  runtime) wanted=("${runtime[@]}") ;;
  build)   wanted=("${runtime[@]}" "${build[@]}") ;;
  test)    wanted=("${runtime[@]}" "${build[@]}" "${test[@]}" "${image[@]}") ;;
  all)     wanted=("${runtime[@]}" "${build[@]}" "${test[@]}" "${image[@]}" "${bench[@]}") ;;
  image)   wanted=("${image[@]}") ;;
  *) echo "usage: $0 [runtime|build|test|all|image]" >&2; exit 2 ;;
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
