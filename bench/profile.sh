#!/usr/bin/env bash
# Profiles monogram under wrk load with `perf record` (software cpu-clock event: this VM has no
# hardware counters) and prints the flat top of the profile. Not part of `make bench`. For
# instruction counts per request (repeatable on a busy machine) use bench/callgrind.py.
#   bench/profile.sh hit|miss|hit-log [seconds]      (output in bench-out/profile-<kind>.*)
# perf needs kernel.perf_event_paranoid <= 1 (or root).
set -euo pipefail
cd "$(dirname "$0")/.."
kind=${1:-hit}; secs=${2:-8}
bin=${MONOGRAM:-.build/release/monogram}
out=bench-out; mkdir -p "$out"
access=false; [ "$kind" = hit-log ] && access=true
config=$(mktemp /tmp/monogram-profile-XXXX.json); log=$(mktemp /tmp/monogram-profile-XXXX.out)
echo "{\"server\":{\"port\":0,\"max_connections\":4096},\"render\":{\"workers\":2},\"log\":{\"access\":$access},\"limits\":{\"client_connections\":0}}" >"$config"
"$bin" --config "$config" >"$log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; rm -f "$config" "$log"' EXIT
for _ in $(seq 100); do grep -q "listening on" "$log" && break; sleep 0.05; done
port=$(grep -o 'listening on http://[^ ]*' "$log" | sed 's/.*://')
url="http://127.0.0.1:$port/avatar/Jane+Roe.png?shape=circle"
# Misses: bench/unique.lua with the same template as make bench (bench/run.py MISS_TEMPLATE).
script=(); [ "$kind" = miss ] && script=(-s bench/unique.lua)
wrk -t2 -c64 -d1s "$url" >/dev/null
wrk -t2 -c64 -d$((secs + 2))s "${script[@]}" "$url" -- p '/avatar/Jane+Roe{}.png?shape=circle' >"$out/profile-$kind.wrk" &
wrkpid=$!
sleep 1
perf record -q -e cpu-clock -F 1999 -g -p "$pid" -o "$out/profile-$kind.data" -- sleep "$secs" 2>/dev/null
wait $wrkpid
perf report -i "$out/profile-$kind.data" --no-children --sort dso,symbol --stdio -g none 2>/dev/null \
  | grep -v "^#" | grep -v "^$" | head -60 >"$out/profile-$kind.txt" || true
grep "Requests/sec" "$out/profile-$kind.wrk"
cat "$out/profile-$kind.txt"
