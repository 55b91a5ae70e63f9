#!/usr/bin/env python3
"""Measures the two terms of the README's memory formula on a built binary (loopback only):

1. fixed overhead: peak RSS (VmHWM) minus cache.max_bytes after 6,000 unique renders of
   64-512 px (dpr 2) against a small cache (8 MiB), so the cache is full and evicting;
2. per render worker at the largest image: peak RSS with 1 and with 2 workers drawing
   size=1024&dpr=4 (4096 x 4096 px) at once; the difference is one worker's working set.

    python3 scripts/measure-memory.py .build/release/monogram
"""
import re, socket, subprocess, sys, threading, urllib.error, urllib.request

CACHE = 8 * 1024 * 1024


def start(binary, workers):
    env = {"MONOGRAM_CACHE_MAX_BYTES": str(CACHE), "MONOGRAM_LOG_ACCESS": "false",
           "MONOGRAM_RENDER_WORKERS": str(workers), "MONOGRAM_RENDER_QUEUE": "64", "MONOGRAM_RENDER_TIMEOUT": "60"}
    process = subprocess.Popen([binary, "--config", "config/monogram.json", "--port", "0"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    port = int(process.stdout.readline().decode().rsplit(":", 1)[1])
    return process, port


def peak_mib(process):
    status = open(f"/proc/{process.pid}/status").read()
    return int(re.search(r"VmHWM:\s+(\d+)", status).group(1)) / 1024


def unique_renders(port, thread, count):
    with socket.create_connection(("127.0.0.1", port)) as sock, sock.makefile("rb") as reader:
        for i in range(count):
            size = (64, 128, 256)[i % 3]
            sock.sendall(f"GET /avatar/Person%20{thread}x{i}?size={size}&dpr=2 HTTP/1.1\r\nHost: m\r\n\r\n".encode())
            length = 0
            while (line := reader.readline()) not in (b"\r\n", b""):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            reader.read(length)


def largest(port, key):
    url = f"http://127.0.0.1:{port}/avatar/Largest{key}?size=1024&dpr=4&shape=circle"
    urllib.request.urlopen(url, timeout=120).read()


def run(threads):
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else ".build/release/monogram"
    process, port = start(binary, 2)
    run([threading.Thread(target=unique_renders, args=(port, t, 1500)) for t in range(4)])
    fixed = peak_mib(process) - CACHE / 2**20
    process.terminate(); process.wait()
    peaks = {}
    for workers in (1, 2):
        process, port = start(binary, workers)
        for round in range(2):
            run([threading.Thread(target=largest, args=(port, round * 10 + i)) for i in range(workers)])
        peaks[workers] = peak_mib(process)
        process.terminate(); process.wait()
    print(f"fixed overhead (peak RSS - cache.max_bytes): {fixed:.1f} MiB")
    print(f"peak RSS, largest renders: 1 worker {peaks[1]:.1f} MiB, 2 workers {peaks[2]:.1f} MiB")
    print(f"one worker at 4096 x 4096 px: {peaks[2] - peaks[1]:.1f} MiB")


if __name__ == "__main__":
    main()
