#!/usr/bin/env bash
# Builds the OCI image from the repository's Dockerfile with podman (`make image`).
#   scripts/image.sh            build $IMAGE (default monogram:latest), print its size
#   scripts/image.sh bases      only make sure the base images exist (see BASE below)
#
# BASE picks the images the Dockerfile starts FROM:
#   registry  the Dockerfile's defaults (docker.io/library/swift and debian:bookworm-slim);
#   local     images built here, for machines that reach a Debian mirror but no registry:
#             a Debian 12 root made by debootstrap from the mirror apt already uses
#             (MIRROR to override), imported as $LOCAL_DEBIAN, and $LOCAL_SWIFT: that root
#             with the compiler's system packages, using the Swift toolchain installed on this
#             machine (SWIFT_TOOLCHAIN, default the one `swift` on PATH comes from), which is
#             mounted read-only into the build rather than copied (3 GB);
#   auto      (default) registry if its images are here or can be pulled, else local.
# Both local images are built once and reused (delete them to rebuild: `podman rmi`); the
# release build keeps its .build in a podman cache mount, so a rebuild after a change
# recompiles only what changed. Runs niced: it shares the machine with whatever else runs.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
source scripts/podman-env.sh

IMAGE="${IMAGE:-monogram:latest}"
BASE="${BASE:-auto}"
REGISTRY_SWIFT="$(sed -n 's/^ARG SWIFT_IMAGE=//p' Dockerfile)"
REGISTRY_DEBIAN="$(sed -n 's/^ARG DEBIAN_IMAGE=//p' Dockerfile)"
# Only BASE=local needs a toolchain here; a machine with a registry may have none.
swift_on_path="$(command -v swift || true)"
toolchain="${SWIFT_TOOLCHAIN:-$([ -z "$swift_on_path" ] || dirname "$(dirname "$(dirname "$(readlink -f "$swift_on_path")")")")}"
swift_version="$("$toolchain/usr/bin/swift" --version 2>/dev/null | sed -n 's/.*Swift version \([0-9.]*\).*/\1/p' | head -1 || true)"
LOCAL_DEBIAN="${LOCAL_DEBIAN:-localhost/monogram-base/debian:bookworm-slim}"
LOCAL_SWIFT="${LOCAL_SWIFT:-localhost/monogram-base/swift:${swift_version:-unknown}-bookworm}"

say() { printf '== %s\n' "$*" >&2; }

# The mirror the host's apt uses for bookworm (deb822 or one-line sources), else Debian's own.
host_mirror() {
  local uri
  uri="$(awk '/^URIs:/ {u=$2} /^Suites:/ && / bookworm( |$)/ {print u; exit}' /etc/apt/sources.list.d/*.sources 2>/dev/null || true)"
  [ -n "$uri" ] || uri="$(awk '$1=="deb" && $3=="bookworm" {print $2; exit}' /etc/apt/sources.list 2>/dev/null || true)"
  echo "${uri:-http://deb.debian.org/debian}"
}

# debian:bookworm-slim, made here: a minbase root with the slim image's path-exclude rules
# (no docs, man pages or locales) and apt pointed at the same mirror, including the security
# and updates suites so packages installed in the build are current.
build_local_debian() {
  local mirror rootfs
  mirror="${MIRROR:-$(host_mirror)}"
  rootfs="$(mktemp -d "${TMPDIR:-/tmp}/monogram-rootfs.XXXXXX")"
  say "debootstrap bookworm from $mirror (once; imported as $LOCAL_DEBIAN)"
  nice debootstrap --variant=minbase --components=main bookworm "$rootfs" "$mirror" > "$rootfs.log" 2>&1 \
    || { tail -20 "$rootfs.log" >&2; rm -rf "$rootfs" "$rootfs.log"; return 1; }
  rm -f "$rootfs.log"
  cat > "$rootfs/etc/dpkg/dpkg.cfg.d/slim" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
path-include /usr/share/locale/locale.alias
path-exclude /usr/share/lintian/*
EOF
  # apt as the official image sets it up: downloaded packages deleted after each install, no
  # translations, compressed indexes (so the image's apt layers hold no caches).
  cat > "$rootfs/etc/apt/apt.conf.d/docker-clean" <<'EOF'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
EOF
  echo 'Acquire::Languages "none";' > "$rootfs/etc/apt/apt.conf.d/docker-no-languages"
  echo 'Acquire::GzipIndexes "true";' > "$rootfs/etc/apt/apt.conf.d/docker-gzip-indexes"
  local security="${mirror%/debian}/debian-security"
  cat > "$rootfs/etc/apt/sources.list" <<EOF
deb $mirror bookworm main
deb $mirror bookworm-updates main
deb $security bookworm-security main
EOF
  find "$rootfs/usr/share/doc" -mindepth 2 ! -name copyright ! -type d -delete
  find "$rootfs/usr/share/doc" -mindepth 1 -type d -empty -delete
  rm -rf "$rootfs"/usr/share/{man,info,locale,lintian}/* "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/*.bin \
    "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/log/*.log
  tar -C "$rootfs" --numeric-owner -c . \
    | podman import --quiet --change 'CMD ["bash"]' --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
        --message "debootstrap bookworm minbase from $mirror" - "$LOCAL_DEBIAN" > /dev/null
  rm -rf "$rootfs"
}

# The Swift image's role: the compiler's system dependencies on the local Debian root; the
# toolchain itself is bind-mounted at /opt/swift during `podman build` (see build_image).
build_local_swift() {
  say "$LOCAL_SWIFT: $LOCAL_DEBIAN + the Swift toolchain's system packages (once)"
  nice podman build --quiet --tag "$LOCAL_SWIFT" --build-arg "DEBIAN_IMAGE=$LOCAL_DEBIAN" \
    --file scripts/image/swift-base.Containerfile scripts/image > /dev/null
}

local_bases() {
  [ -x "$toolchain/usr/bin/swift" ] || { echo "BASE=local needs a Swift toolchain: none at \"$toolchain\" (put swift on PATH or set SWIFT_TOOLCHAIN)" >&2; exit 1; }
  podman image exists "$LOCAL_DEBIAN" || build_local_debian
  podman image exists "$LOCAL_SWIFT" || build_local_swift
  build_args=(--build-arg "SWIFT_IMAGE=$LOCAL_SWIFT" --build-arg "DEBIAN_IMAGE=$LOCAL_DEBIAN"
              --volume "$toolchain:/opt/swift:ro")
}

registry_bases() {
  build_args=()
}

pick_bases() {
  case "$BASE" in
    registry) registry_bases ;;
    local) local_bases ;;
    auto)
      if podman image exists "$REGISTRY_SWIFT" && podman image exists "$REGISTRY_DEBIAN"; then
        registry_bases
      elif podman image exists "$LOCAL_DEBIAN" && podman image exists "$LOCAL_SWIFT"; then
        say "using the local base images (BASE=registry to pull $REGISTRY_SWIFT instead)"
        local_bases
      elif timeout 60 podman pull --quiet "$REGISTRY_DEBIAN" > /dev/null 2>&1 \
        && timeout 600 podman pull --quiet "$REGISTRY_SWIFT" > /dev/null 2>&1; then
        registry_bases
      else
        say "no registry reachable: building the base images locally"
        local_bases
      fi ;;
    *) echo "BASE must be auto, registry or local, not $BASE" >&2; exit 2 ;;
  esac
}

pick_bases
[ "${1:-}" = "bases" ] && exit 0

say "podman build -t $IMAGE ${build_args[*]}"
# Docker's image format: the OCI one has no HEALTHCHECK, and podman would drop it. The ID is
# for the container test: another checkout on this machine may retag $IMAGE meanwhile.
nice podman build --format docker --tag "$IMAGE" --layers --iidfile "$root/.build/podman/image-id" "${build_args[@]}" --file Dockerfile .
bytes="$(podman image inspect --format '{{.Size}}' "$(cat "$root/.build/podman/image-id")")"
say "$IMAGE: $bytes bytes ($((bytes / 1048576)) MiB) uncompressed"
