# Monogram container: build with the Swift toolchain, run on slim Debian with only the runtime
# libraries and fonts. Both stages install Debian packages through scripts/deps.sh, the same
# script `make deps` and CI use, so the lists cannot drift. Size: docs/operations.md.
# `make image` builds it with podman; where no registry is reachable it passes both base
# images as build arguments, built locally (scripts/image.sh). Names are fully qualified so
# podman needs no short-name configuration.
ARG SWIFT_IMAGE=docker.io/library/swift:6.3.1-bookworm
ARG DEBIAN_IMAGE=docker.io/library/debian:bookworm-slim

FROM ${SWIFT_IMAGE} AS build
WORKDIR /src
COPY scripts/deps.sh scripts/deps.sh
RUN bash scripts/deps.sh build
COPY Package.swift ./
COPY Sources Sources
# SwiftPM resolves every declared target, test targets included, before building one product.
COPY Tests Tests
# Stripped: symbols and debug sections are a fifth of the binary and unused at run time.
# .build is a cache mount: a rebuild after a change recompiles only what changed.
RUN --mount=type=cache,target=/src/.build,id=monogram-swift-build \
    swift build -c release --product monogram --static-swift-stdlib \
 && install -D --strip .build/release/monogram /out/monogram

FROM ${DEBIAN_IMAGE}
COPY scripts/deps.sh /tmp/deps.sh
RUN bash /tmp/deps.sh runtime && apt-get clean && rm -rf /var/lib/apt/lists/* /tmp/deps.sh \
 && groupadd --system --gid 10001 monogram \
 && useradd --system --uid 10001 --gid 10001 --home-dir /nonexistent --shell /usr/sbin/nologin monogram
COPY --from=build /out/monogram /usr/local/bin/monogram
# Mount your own configuration (and masks) over /etc/monogram.
COPY config/monogram.json /etc/monogram/monogram.json
COPY config/masks /etc/monogram/masks
ENV MONOGRAM_SERVER_HOST=0.0.0.0 \
    MONOGRAM_RENDER_MASKS_DIR=/etc/monogram/masks
# By number, so Kubernetes' runAsNonRoot can verify it without reading /etc/passwd.
USER 10001:10001
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=5s CMD ["monogram", "healthcheck", "--config", "/etc/monogram/monogram.json"]
# SIGTERM drains in-flight requests within server.shutdown_grace (8 s, under Docker's 10 s).
STOPSIGNAL SIGTERM
ENTRYPOINT ["monogram"]
CMD ["--config", "/etc/monogram/monogram.json"]
