#!/usr/bin/env bash
# The container test of `make test`: builds the image with `make image`'s script (cached
# layers and base images make a rebuild with unchanged sources take seconds), then runs it
# read-only as user 10001 and checks it live (scripts/check-image.py: /healthz, every script of
# the contact sheet against this machine's rendering, SIGTERM with requests in flight).
#   scripts/check-image.sh [BINARY]   (reference renderer; default .build/debug/monogram)
# Skipped, saying why, only where podman cannot run containers (no podman, or no privileges
# for it); any other failure, the build's included, fails the test.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
binary="$(realpath "${1:-.build/debug/monogram}")"
source scripts/podman-env.sh
IMAGE="${IMAGE:-monogram:latest}"

if ! command -v podman > /dev/null; then
  echo "== SKIPPED the container test: podman is not installed (bash scripts/deps.sh image)"
  exit 0
fi
if ! reason="$(podman info 2>&1 > /dev/null)"; then
  echo "== SKIPPED the container test: podman cannot run here: ${reason##*$'\n'}"
  exit 0
fi
start=$SECONDS
IMAGE="$IMAGE" bash scripts/image.sh
echo "== image ready in $((SECONDS - start)) s; checking it live"
# By ID: the image this checkout just built, whatever another checkout tags meanwhile.
python3 scripts/check-image.py --image "$(cat .build/podman/image-id)" --reference "$binary" --root "$root"
