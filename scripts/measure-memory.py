#!/usr/bin/env python3
"""Measures the README's memory formula on a built binary (loopback only).

Terms (the default):

1. fixed overhead: peak RSS (VmHWM) minus cache.max_bytes after 6,000 unique renders of
   64-512 px (dpr 2) against a small cache (8 MiB), so the cache is full and evicting;
2. per render worker at the largest image: peak RSS with 1 and with 2 workers drawing
   size=1024&dpr=4 (4096 x 4096 px) at once; the difference is one worker's working set.

    python3 scripts/measure-memory.py .build/release/monogram

Attack mixes (`--mixes`): the shipped defaults in a 1 GiB, 2-worker container (the limit is
handed to the server as a cgroup folder of its own, `limits.cgroup_root`), each mix on a fresh
server, VmHWM next to the bound the server derived (its `memory:` start-up line):

* A: 4 clients asking for unique size=1024&dpr=4&picture=<noisy 1024² PNG> answers;
* B: 30 slow readers, each holding one distinct big answer unread for 30 s;
* C: 8 parallel 4096² renders (unique names, circle);
* all three at once.

Then again with limits.max_answer_bytes raised to 128 MiB and render.timeout to 60 s, so the
56 MB answers are drawn and queue up instead of being refused (the bound must hold for any
configuration, not just the defaults).

    nice python3 scripts/measure-memory.py --mixes .build/release/monogram
"""
import http.server, json, os, re, socket, struct, subprocess, sys, tempfile, threading, time, urllib.error, urllib.request, zlib
from urllib.parse import quote

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


def noisy_png(side):
    rows = bytearray()
    for _ in range(side):
        row = bytearray(os.urandom(side * 4))
        row[3::4] = b"\xff" * side
        rows += b"\x00" + row
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(bytes(rows), 1)) + chunk(b"IEND", b""))


class Origin(http.server.BaseHTTPRequestHandler):
    body = b""

    def log_message(self, *args):
        pass

    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Type", "image/png")
        self.send_header("Content-Length", str(len(Origin.body)))
        self.send_header("Cache-Control", "max-age=3600")
        self.end_headers()
        self.wfile.write(Origin.body)


def start_mix_server(binary, cgroup, origin_port, extra):
    config = {"render": {"workers": 2}, "log": {"access": False},
              "limits": {"cgroup_root": cgroup},
              "pictures": {"allowed_hosts": [f"127.0.0.1:{origin_port}"]}}
    for section, keys in extra.items():
        config.setdefault(section, {}).update(keys)
    folder = tempfile.mkdtemp(prefix="monogram-mix-")
    path = os.path.join(folder, "config.json")
    with open(path, "w") as f:
        json.dump(config, f)
    process = subprocess.Popen([binary, "--config", path, "--port", "0"], stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True)
    bound = port = None
    for line in process.stdout:
        if "listening" in line:
            port = int(line.rsplit(":", 1)[1])
        if match := re.search(r"bound (\d+) MiB", line):
            bound = int(match.group(1))
        if port and bound:
            break
    threading.Thread(target=lambda: [None for _ in process.stdout], daemon=True).start()
    return process, port, bound


def request(port, target, hold=0.0):
    """Status of one GET; with `hold`, reads nothing for that many seconds first."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=300) as sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 65536)
            sock.sendall(f"GET {target} HTTP/1.1\r\nHost: m\r\nConnection: close\r\n\r\n".encode())
            if hold:
                time.sleep(hold)
            data = b""
            while chunk := sock.recv(1 << 20):
                data += chunk
        return int(data.split(b" ", 2)[1]) if data else 0
    except OSError:
        return 0


def mix_a(port, picture, seconds, statuses, key):
    deadline = time.time() + seconds
    def client(c):
        i = 0
        while time.time() < deadline:
            i += 1
            statuses.append(request(port, f"/avatar/A{key}x{c}x{i}?size=1024&dpr=4&{picture}"))
    return [threading.Thread(target=client, args=(c,)) for c in range(4)]


def mix_b(port, picture, statuses, key, big):
    size = "size=1024&dpr=4" if big else "size=1024&dpr=2"
    return [threading.Thread(target=lambda i=i: statuses.append(request(port, f"/avatar/B{key}x{i}?{size}&{picture}", hold=30)))
            for i in range(30)]


def mix_c(port, statuses, key):
    return [threading.Thread(target=lambda i=i: statuses.append(request(port, f"/avatar/C{key}x{i}?size=1024&dpr=4&shape=circle")))
            for i in range(8)]


def mixes(binary):
    Origin.body = noisy_png(1024)
    origin = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Origin)
    threading.Thread(target=origin.serve_forever, daemon=True).start()
    cgroup = tempfile.mkdtemp(prefix="monogram-cgroup-")
    with open(os.path.join(cgroup, "memory.max"), "w") as f:
        f.write(str(1 << 30))
    picture = "picture=" + quote(f"http://127.0.0.1:{origin.server_port}/noisy.png", safe="")
    print(f"1 GiB container, 2 render workers; noisy picture {len(Origin.body)} bytes")
    print(f"{'configuration':34} {'mix':28} {'VmHWM MiB':>9} {'bound MiB':>9}  statuses")
    for label, extra, big in [("defaults", {}, False),
                              ("max_answer_bytes 128 MiB, timeout 60 s",
                               {"limits": {"max_answer_bytes": 128 << 20}, "render": {"timeout": 60},
                                "server": {"write_timeout": 120}}, True)]:
        for name in ["A: 4 picture clients", "B: 30 slow readers", "C: 8 parallel 4096²", "A + B + C at once"]:
            process, port, bound = start_mix_server(binary, cgroup, origin.server_port, extra)
            statuses = []
            threads = []
            if "at once" in name:
                threads = mix_a(port, picture, 30, statuses, 1) + mix_b(port, picture, statuses, 1, big) + mix_c(port, statuses, 1)
            elif name.startswith("A"):
                threads = mix_a(port, picture, 30, statuses, 0)
            elif name.startswith("B"):
                threads = mix_b(port, picture, statuses, 0, big)
            elif name.startswith("C"):
                threads = mix_c(port, statuses, 0)
            run(threads)
            hwm = peak_mib(process)
            process.terminate(); process.wait()
            counts = {}
            for status in statuses:
                counts[status] = counts.get(status, 0) + 1
            summary = ", ".join(f"{count}x{status}" for status, count in sorted(counts.items()))
            print(f"{label:34} {name:28} {hwm:9.1f} {bound:9}  {summary}", flush=True)
    origin.shutdown()


if __name__ == "__main__":
    if "--mixes" in sys.argv:
        mixes(next((a for a in sys.argv[1:] if not a.startswith("--")), ".build/release/monogram"))
    else:
        main()
