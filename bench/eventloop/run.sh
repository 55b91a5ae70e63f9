#!/bin/bash
# The epoll-vs-Dispatch experiment of docs/architecture.md: builds the standalone server, then
# for each mode runs wrk (2 threads, 64 connections, 5 s) and prints requests/s and the
# server's CPU time per request (user + system from /proc, less sensitive to a busy machine
# than requests/s). Usage: bench/eventloop/run.sh [ROUNDS]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
binary=$(mktemp -d)/eventloop
swiftc -O -import-objc-header "$here/shim.h" "$here/main.swift" -o "$binary"
port=18777
for round in $(seq "${1:-3}"); do
    for mode in epoll dispatch; do
        "$binary" "$mode" "$port" "$here/hit.http" 2 &
        pid=$!
        until (exec 3<>/dev/tcp/127.0.0.1/$port) 2>/dev/null; do :; done
        out=$(wrk -t2 -c64 -d5s "http://127.0.0.1:$port/avatar/Jane%20Doe?size=64")
        read -r user system <<<"$(awk '{print $14, $15}' /proc/$pid/stat)"
        kill "$pid"; wait "$pid" 2>/dev/null || true
        requests=$(echo "$out" | awk '/requests in/ {print $1}')
        rate=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
        ticks=$(getconf CLK_TCK)
        echo "round $round $mode: $rate requests/s, $(python3 -c "print(round(($user + $system) / $ticks * 1e6 / $requests, 2))") µs CPU per request"
    done
done
