#!/usr/bin/env python3
"""System calls per cache hit, counted by `strace -c -f` (repeatable, unlike times on a busy
machine): Monogram, nginx in a given setup and bench/floor.c, each answering N requests for the
hot URL, sent one after another on each of C keep-alive connections (round robin).

    python3 bench/syscalls.py [N] [C]            (defaults 2000 requests, 1 connection)

Environment: NGINX_SETUPS and LOOPS as for bench/run.py (the setups to count); MONOGRAM.
strace attaches after a warm-up and detaches after the N requests; it prints the calls per
request by name. Not part of `make bench`; needs strace. Standard library only.
"""
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run  # noqa: E402  (bench/run.py: the servers, the same configuration)


def hits(port, count, connections):
    socks = [socket.create_connection(("127.0.0.1", port)) for _ in range(connections)]
    request = f"GET {run.HOT_PATH} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode()
    for i in range(count):
        sock = socks[i % connections]
        sock.sendall(request)
        data = b""
        while b"\r\n\r\n" not in data:
            data += sock.recv(65536)
        head, body = data.split(b"\r\n\r\n", 1)
        length = int(re.search(rb"(?i)content-length: *(\d+)", head).group(1))
        while len(body) < length:
            body += sock.recv(65536)
    for sock in socks:
        sock.close()


def count(pid, port, n, connections):
    hits(port, 50, connections)  # warm-up
    pids = run.process_tree(pid)
    out = tempfile.NamedTemporaryFile(prefix="strace-", suffix=".txt", delete=False).name
    command = ["strace", "-c", "-f", "-o", out]
    for p in pids:
        command += ["-p", str(p)]
    tracer = subprocess.Popen(command, stderr=subprocess.DEVNULL)
    time.sleep(1.0)  # attached
    hits(port, n, connections)
    time.sleep(0.3)
    tracer.send_signal(signal.SIGINT)
    tracer.wait(timeout=30)
    calls = {}
    for line in open(out):
        match = re.match(r"\s*[\d.]+\s+[\d.]+\s+\d+\s+(\d+)\s+(?:\d+\s+)?(\w+)\s*$", line)
        if match and match.group(2) != "total":
            calls[match.group(2)] = int(match.group(1))
    os.unlink(out)
    return calls


def line(label, calls, n):
    total = sum(calls.values())
    parts = ", ".join(f"{name} {c / n:.2f}" for name, c in sorted(calls.items(), key=lambda kv: -kv[1]) if c / n >= 0.01)
    return f"| {label} | {total / n:.2f} | {parts} |"


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    connections = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    run.PIN = False
    rows = []
    with tempfile.TemporaryDirectory(prefix="monogram-syscalls-") as workdir:
        os.chmod(workdir, 0o755)
        os.makedirs(run.OUT, exist_ok=True)
        server = run.Monogram(workdir)
        try:
            png, response = run.fetch(server.port, run.HOT_PATH), run.raw_response(server.port, run.HOT_PATH)
            rows.append(line(run.describe_monogram(), count(server.pid, server.port, n, connections), n))
        finally:
            server.stop()
        floor = run.Floor(workdir, run.build_floor(), response, png)
        try:
            rows.append(line(run.FLOOR_DESCRIPTION.replace(", CPU 0", ""), count(floor.pid, floor.port, n, connections), n))
        finally:
            floor.stop()
        for spec in run.NGINX_SETUPS:
            nginx = run.Nginx(workdir, png, spec)
            try:
                rows.append(line(run.describe_nginx(spec), count(nginx.pid, nginx.port, n, connections), n))
            finally:
                nginx.stop()
    print(f"System calls per hit: {n} requests on {connections} keep-alive connection(s), one at a time "
          "(strace -c -f attached to every process of the server)\n")
    print("| server | calls per request | by name, per request |")
    print("|---|---:|---|")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
