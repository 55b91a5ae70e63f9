# Sourced by the image scripts: podman settings this project needs, without editing /etc.
# runc as the runtime (crun refuses hybrid cgroup hierarchies, which some hosts have) and no
# default ulimits (podman otherwise raises nofile in every container, which fails where root
# itself may not raise it). A CONTAINERS_CONF the caller set wins.
if [ -z "${CONTAINERS_CONF:-}" ]; then
  mkdir -p "$root/.build/podman"
  cat > "$root/.build/podman/containers.conf" <<'CONF'
[containers]
default_ulimits = []

[engine]
runtime = "runc"
CONF
  export CONTAINERS_CONF="$root/.build/podman/containers.conf"
fi
