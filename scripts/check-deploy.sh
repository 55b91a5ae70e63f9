#!/usr/bin/env bash
# Offline checks of what ships for deployment, run by `make test` after the Swift suite:
#   the OpenAPI document (openapi-spec-validator) and the live server against it (schemathesis),
#   the Kubernetes objects (kubernetes-validate --strict), deploy/compose.yaml (docker-compose
#   config), deploy/monogram.service (systemd-analyze verify), the alerts (promtool check rules,
#   and promtool test rules: a unit test for every alert), the Varnish
#   edge (varnishd -C compiles deploy/varnish/monogram.vcl with its example and Kubernetes
#   backends.vcl; the edge's Kubernetes objects with kubernetes-validate).
#   scripts/check-deploy.sh [BINARY]   (default .build/debug/monogram)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
binary="$(realpath "${1:-.build/debug/monogram}")"
bin="$(bash scripts/pyenv.sh)"
work="$(mktemp -d)"
server=""
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

step() { printf '== %s\n' "$*"; }

step "openapi-spec-validator docs/openapi.yaml"
"$bin/openapi-spec-validator" docs/openapi.yaml

step "kubernetes-validate --strict deploy/kubernetes deploy/varnish"
"$bin/kubernetes-validate" --strict --quiet $(ls deploy/kubernetes/*.yaml | grep -v kustomization.yaml) deploy/varnish/kubernetes.yaml

step "varnishd -C -f deploy/varnish/monogram.vcl (example and Kubernetes backends.vcl)"
# The Kubernetes backends name hosts that only resolve in the cluster: compiled with those
# names mapped to loopback, in a folder of their own that comes first on vcl_path.
mkdir -p "$work/vcl-k8s"
sed -E 's/"monogram-[01]\.monogram-replicas"/"127.0.0.1"/' deploy/varnish/kubernetes-backends.vcl > "$work/vcl-k8s/backends.vcl"
for site in "$root/deploy/varnish" "$work/vcl-k8s"; do
  varnishd -C -n "$work/varnish" -p vcl_path="$site:$root/deploy/varnish:/usr/share/varnish/vcl" \
    -f "$root/deploy/varnish/monogram.vcl" > /dev/null 2> "$work/vcc.log" || { cat "$work/vcc.log"; exit 1; }
done

step "docker-compose config deploy/compose.yaml"
docker-compose -f deploy/compose.yaml config --quiet

step "systemd-analyze verify deploy/monogram.service (ExecStart: $binary)"
sed "s|^ExecStart=/usr/local/bin/monogram |ExecStart=$binary |" deploy/monogram.service > "$work/monogram.service"
grep -q "^ExecStart=$binary " "$work/monogram.service"
# verify prints problems but exits 0 for some of them: any output is a failure.
out="$(systemd-analyze verify "$work/monogram.service" 2>&1 || echo "exit status $?")"
[ -z "$out" ] || { echo "$out"; exit 1; }

step "promtool check rules deploy/prometheus/alerts.yml"
promtool check rules deploy/prometheus/alerts.yml

step "promtool test rules deploy/prometheus/alerts.test.yml (every alert has a test)"
promtool test rules deploy/prometheus/alerts.test.yml
for alert in $(sed -n 's/^ *- alert: *//p' deploy/prometheus/alerts.yml); do
  grep -q "alertname: $alert\$" deploy/prometheus/alerts.test.yml || { echo "alert $alert has no test in alerts.test.yml"; exit 1; }
done

step "clients: tsc checks monogram.mjs's JSDoc types; node --test (clients/cases.json); every case live against $binary with signatures on"
tsc --allowJs --checkJs --noEmit --strict --target es2022 --module es2022 --moduleResolution node --lib es2022,dom clients/js/monogram.mjs
node --test clients/js/test/monogram.test.mjs
node clients/js/test/live.mjs "$binary"

step "schemathesis run docs/openapi.yaml against $binary"
# Port 0 and the "listening on" line: no guessing at a free port, no polling.
mkfifo "$work/out"
"$binary" --config config/monogram.json --port 0 > "$work/out" 2> "$work/stderr" &
server=$!
exec 3< "$work/out"
read -r line <&3 || { cat "$work/stderr"; exit 1; }
port="${line##*:}"
# Keep draining the access log so the server never blocks on a full pipe.
cat <&3 > "$work/access.log" &
"$bin/schemathesis" run docs/openapi.yaml --url "http://127.0.0.1:$port" \
  --checks not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance \
  --max-examples 30 --request-timeout 10 --no-color
