#!/usr/bin/env python3
"""Measures the per-format factors of the cost model (CostTable in
Sources/MonogramCore/Cost/WorkCost.swift) on a built binary, loopback only:

* CPU per output pixel of each format (PNG, SVG, WebP, AVIF, JPEG) for initials and for a noisy
  picture: the server's own CPU time (/proc/<pid>/stat) over unique requests, so cache hits and
  the client do not count, divided by the pixels drawn; reported relative to PNG and as
  nanoseconds per pixel (a token is 1 ms: a 128 px PNG);
* answer bytes per pixel of each format, for initials and for a noisy picture (the worst case
  the estimate must cover);
* picture decode CPU per source pixel (a noisy PNG drawn at 64 px, so the render is negligible).

    python3 bench/cost_factors.py .build/release/monogram

One render worker, the budget off, a small cache; each figure is the median of 3 rounds.
"""
import http.server, json, os, socket, struct, subprocess, sys, tempfile, threading, zlib
from urllib.parse import quote

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def png(width, height):
    """An opaque RGBA PNG of random pixels: what compresses least, so the largest answer."""
    rows = bytearray()
    for _ in range(height):
        row = bytearray(os.urandom(width * 4))
        row[3::4] = b"\xff" * width
        rows += b"\x00" + row
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(bytes(rows), 6)) + chunk(b"IEND", b""))


class Origin(http.server.BaseHTTPRequestHandler):
    bodies = {}

    def log_message(self, *args):
        pass

    def do_GET(self):
        body = Origin.bodies.get(self.path.split("?")[0])
        if body is None:
            self.send_error(404)
            return
        self.send_response(200)
        self.send_header("Content-Type", "image/png")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "max-age=3600")
        self.end_headers()
        self.wfile.write(body)


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        stat = f.read().rsplit(")", 1)[1].split()
    return (int(stat[11]) + int(stat[12])) / os.sysconf("SC_CLK_TCK")


def get(port, target):
    with socket.create_connection(("127.0.0.1", port), timeout=120) as s:
        s.sendall(f"GET {target} HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n".encode())
        data = b""
        while chunk := s.recv(1 << 20):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    status = int(head.split()[1])
    assert status == 200, (target, head[:200])
    return body


def start(binary, origin_port):
    config = {"render": {"workers": 1, "timeout": 120, "queue": 8}, "cache": {"max_bytes": 1 << 20},
              "log": {"access": False}, "limits": {"max_answer_bytes": 1 << 30, "work_memory": 3 << 30},
              "pictures": {"allowed_hosts": [f"127.0.0.1:{origin_port}"], "total_timeout": 60, "connect_timeout": 5,
                           "max_bytes": 64 << 20}}
    folder = tempfile.mkdtemp(prefix="monogram-cost-")
    path = os.path.join(folder, "config.json")
    with open(path, "w") as f:
        json.dump(config, f)
    process = subprocess.Popen([binary, "--config", path, "--port", "0"], stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True, cwd=ROOT)
    for line in process.stdout:
        if "listening" in line:
            port = int(line.rsplit(":", 1)[1])
            break
    threading.Thread(target=lambda: [None for _ in process.stdout], daemon=True).start()
    return process, port


def measure(process, port, targets, pixels):
    """(ns of server CPU per pixel, bytes per pixel) over `targets`, each `pixels` pixels."""
    before = cpu_seconds(process.pid)
    sizes = [len(get(port, target)) for target in targets]
    spent = cpu_seconds(process.pid) - before
    return spent * 1e9 / (pixels * len(targets)), sum(sizes) / (pixels * len(targets))


def median(values):
    return sorted(values)[len(values) // 2]


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else ".build/release/monogram"
    Origin.bodies["/noisy-512"] = png(512, 512)
    Origin.bodies["/decode-2048"] = png(2048, 2048)
    origin = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Origin)
    threading.Thread(target=origin.serve_forever, daemon=True).start()
    process, port = start(binary, origin.server_port)
    picture = "picture=" + quote(f"http://127.0.0.1:{origin.server_port}/noisy-512", safe="")
    try:
        get(port, "/avatar/Warm%20Up.png?size=256&" + picture)
        rows = []
        count = 0
        # Initials at the largest size each format allows (glyphs grow with the size), and at
        # 1024 x 1024; a noisy picture at 1024 x 1024. Enough requests that each round spends
        # well over the 10 ms tick of /proc's CPU times.
        cases = [("png", 1024, 4, "initials", 3), ("png", 512, 2, "initials", 48), ("png", 512, 2, "picture", 8),
                 ("svg", 1024, 4, "initials", 48), ("svg", 512, 2, "picture", 8),
                 ("webp", 512, 4, "initials", 4), ("webp", 512, 2, "initials", 16), ("webp", 512, 2, "picture", 8),
                 ("avif", 512, 2, "initials", 4), ("avif", 512, 2, "picture", 4),
                 ("jpeg", 1024, 4, "initials", 4), ("jpeg", 512, 2, "initials", 16), ("jpeg", 512, 2, "picture", 8)]
        for fmt, side, dpr, content, n in cases:
            pixels = (side * dpr) ** 2
            rounds = []
            for _ in range(3):
                targets = []
                for _ in range(n):
                    count += 1
                    query = f"size={side}&dpr={dpr}&shape=circle" + ("&" + picture if content == "picture" else "")
                    targets.append(f"/avatar/Person%20{count}.{fmt}?{query}")
                rounds.append(measure(process, port, targets, pixels))
            rows.append((fmt, side * dpr, content, median([r[0] for r in rounds]), median([r[1] for r in rounds])))
        print(f"{'format':6}  {'pixels':>11}  {'content':8}  {'ns/px':>7}  {'B/px':>6}")
        for fmt, edge, content, ns, size in rows:
            print(f"{fmt:6}  {edge:>5} x {edge:<5}  {content:8}  {ns:7.1f}  {size:6.3f}")
        decode = "picture=" + quote(f"http://127.0.0.1:{origin.server_port}/decode-2048", safe="")
        rounds = []
        for i in range(3):
            # A fresh URL each round (the query is part of it) so the picture is fetched and decoded again.
            target = f"/avatar/Decode%20{i}.png?size=64&" + decode + quote(f"?round={i}", safe="")
            rounds.append(measure(process, port, [target], 2048 * 2048)[0])
        print(f"picture fetch + decode: {median(rounds):.1f} ns per source pixel (2048 x 2048 noisy PNG, "
              f"{len(Origin.bodies['/decode-2048'])} bytes, drawn at 64 px)")
        small = [f"/avatar/Small%20{i}?size=128" for i in range(400)]
        ns, _ = measure(process, port, small, 128 * 128)
        print(f"one 128 px PNG with initials (a token): {ns * 128 * 128 / 1e6:.2f} ms of server CPU (400 requests, one connection each)")
    finally:
        process.terminate()
        process.wait()
        origin.shutdown()


if __name__ == "__main__":
    main()
