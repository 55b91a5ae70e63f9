#!/usr/bin/env python3
"""Hostile run (issue 11): a release monogram against a hostile picture origin and slow
clients, on loopback, stdlib only (plus slowhttptest). Prints the figures docs/hardening.md
records:

  1. CPU of the worst JPEG we can construct under the bounds (and of the issue's 2,647-scan
     JPEG, refused), of a 40 MP PNG, and peak RSS for 8 parallel 40 MP decodes and a /group
     naming it 10 times;
  2. time to answer a good picture while every picture thread is held by stalling origins;
  3. a render storm of unique 4096-px masks (peak RSS against the stated formula);
  4. slowhttptest slowloris (-H), slow body (-B) and slow read (-X): RSS, descriptors and a
     probe's p99 during each.

The hostile pictures are generated here (the same constructions as Tests/Shared/HostilePictures.swift).
"""
import argparse, json, os, socket, struct, subprocess, sys, tempfile, threading, time, zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import quote

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MIB = 1 << 20


class Bits:
    """JPEG entropy-coded bits: MSB first, 0xFF stuffed, padded with ones."""
    def __init__(self):
        self.out, self.acc, self.n = bytearray(), 0, 0

    def put(self, value, count):
        for shift in range(count - 1, -1, -1):
            self.acc = self.acc << 1 | (value >> shift & 1)
            self.n += 1
            if self.n == 8:
                self.out.append(self.acc)
                if self.acc == 0xFF:
                    self.out.append(0)
                self.acc, self.n = 0, 0

    def finish(self):
        while self.n:
            self.put(1, 1)
        return bytes(self.out)


def many_scan_jpeg(width, height, bands=63, levels=14):
    """One DC scan, then per component one scan per AC band and bit level (all-zero data)."""
    out = bytearray(b"\xff\xd8")

    def segment(marker, body):
        out.extend(bytes([0xFF, marker]) + struct.pack(">H", len(body) + 2) + body)

    segment(0xDB, bytes([0] + [1] * 64))
    segment(0xC2, bytes([8]) + struct.pack(">HH", height, width) + bytes([3, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0]))
    dht = bytes([0x00, 1] + [0] * 15 + [0]) + bytes([0x10, 0, 0, 0, 15] + [0] * 12 + [r << 4 for r in range(15)])
    segment(0xC4, dht)
    blocks = ((width + 7) // 8) * ((height + 7) // 8)
    segment(0xDA, bytes([3, 1, 0, 2, 0, 3, 0, 0, 0, 0]))
    out.extend(b"\x00" * (blocks * 3 // 8) + (bytes([(0xFF >> (blocks * 3 % 8)) & 0xFF]) if blocks * 3 % 8 else b""))
    runs = Bits()
    remaining = blocks
    while remaining:
        run = min(remaining, 32767)
        r = run.bit_length() - 1
        runs.put(r, 4)
        runs.put(run - (1 << r), r)
        remaining -= run
    data = runs.finish()
    top = levels - 1
    for component in (1, 2, 3):
        for band in range(1, bands + 1):
            for level in range(levels):
                ah, al = (0, top) if level == 0 else (top - level + 1, top - level)
                segment(0xDA, bytes([1, component, 0, band, band, ah << 4 | al]))
                out.extend(data)
    return bytes(out + b"\xff\xd9")


def zero_png(width, height):
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    compressor = zlib.compressobj(9)
    row = bytes(width + 1)
    idat = b"".join(compressor.compress(row) for _ in range(height)) + compressor.flush()
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", idat) + chunk(b"IEND", b""))


def tiny_png():
    return zero_png(64, 64)


class Origin(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.0"
    bodies = {}
    stall = threading.Event()

    def log_message(self, *args):
        pass

    def handle(self):
        try:
            super().handle()
        except OSError:
            pass  # the fetcher gave up and closed: expected

    def do_GET(self):
        path = self.path.split("?")[0]
        if path == "/stall":
            self.send_response(200)
            self.send_header("Content-Length", "1000")
            self.end_headers()
            self.wfile.write(b"\x89")
            self.wfile.flush()
            Origin.stall.wait(60)
            return
        body = Origin.bodies.get(path)
        if body is None:
            self.send_error(404)
            return
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "=")
        self.end_headers()
        self.wfile.write(body)


def proc(pid):
    fields = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            fields[key] = value.strip()
    with open(f"/proc/{pid}/stat") as f:
        stat = f.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return {
        "rss": int(fields["VmRSS"].split()[0]) * 1024, "hwm": int(fields["VmHWM"].split()[0]) * 1024,
        "cpu": (int(stat[11]) + int(stat[12])) / ticks, "fds": len(os.listdir(f"/proc/{pid}/fd")),
    }


def get(port, target, timeout=60):
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(f"GET {target} HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n".encode())
        data = b""
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
    head = data.split(b"\r\n\r\n", 1)[0].decode("latin-1")
    status = int(head.split()[1]) if head else 0
    source = next((line.split(":", 1)[1].strip() for line in head.split("\r\n") if line.lower().startswith("x-avatar-source")), "")
    return status, source


class Server:
    def __init__(self, binary, config):
        self.dir = tempfile.mkdtemp(prefix="monogram-hostile-")
        path = os.path.join(self.dir, "config.json")
        with open(path, "w") as f:
            json.dump(config, f)
        self.process = subprocess.Popen([binary, "--config", path, "--host", "127.0.0.1", "--port", "0"],
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=ROOT)
        self.port = None
        for line in self.process.stdout:
            if "listening" in line and ":" in line:
                self.port = int(line.rsplit(":", 1)[1].split()[0].strip().rstrip("/"))
                break
        threading.Thread(target=lambda: [None for _ in self.process.stdout], daemon=True).start()
        assert self.port, "server did not start"

    @property
    def pid(self):
        return self.process.pid

    def stop(self):
        self.process.terminate()
        self.process.wait(30)


def pictures(origin_port, **extra):
    section = {"allowed_hosts": [f"127.0.0.1:{origin_port}"]}
    section.update(extra)
    return section


def picture_query(origin_port, path):
    return "picture=" + quote(f"http://127.0.0.1:{origin_port}{path}", safe="")


def measure_pictures(binary, origin_port):
    print("== 1. hostile pictures (CPU per request from /proc/<pid>/stat; fresh server each)")
    for name, path, note in [
        ("issue's 2,647-scan JPEG, 4000x4000", "/scans-16mp", "refused by max_jpeg_work"),
        ("2,647 scans at 968x968 (work under max_jpeg_work)", "/scans-968", "refused by libjpeg-turbo's 500-scan limit"),
        ("worst JPEG under both bounds (463 scans, 2316x2316, work 2.49e9)", "/scans-worst", "decoded"),
        ("40 MP PNG (8000x5000)", "/40mp", "decoded under decode_memory"),
    ]:
        server = Server(binary, {"pictures": pictures(origin_port)})
        before = proc(server.pid)
        started = time.monotonic()
        status, source = get(server.port, f"/avatar/Jane?size=128&{picture_query(origin_port, path)}")
        elapsed = time.monotonic() - started
        after = proc(server.pid)
        print(f"   {name}: {status} {source}, CPU {after['cpu'] - before['cpu']:.2f} s, wall {elapsed:.2f} s, "
              f"peak RSS {after['hwm'] / MIB:.0f} MiB ({note})")
        server.stop()
    for label, targets in [
        ("8 parallel 40 MP PNG requests (distinct sizes)", [f"/avatar/J{i}?size={64 + i}&{picture_query(origin_port, '/40mp')}" for i in range(8)]),
        ("/group naming the 40 MP PNG 10 times", ["/group/" + ",".join(f"F{i}" for i in range(10)) + "?max=10&size=64&"
                                                  + "&".join(picture_query(origin_port, "/40mp") for _ in range(10))]),
    ]:
        server = Server(binary, {"pictures": pictures(origin_port)})
        base = proc(server.pid)
        results = []
        threads = [threading.Thread(target=lambda t=t: results.append(get(server.port, t))) for t in targets]
        [t.start() for t in threads]
        [t.join() for t in threads]
        after = proc(server.pid)
        print(f"   {label}: statuses {sorted(set(r[0] for r in results))}, sources {sorted(set(r[1] for r in results))}, "
              f"CPU {after['cpu'] - base['cpu']:.2f} s, peak RSS {after['hwm'] / MIB:.0f} MiB (baseline {base['rss'] / MIB:.0f} MiB)")
        server.stop()


def measure_held_threads(binary, origin_port, total_timeout=5):
    print(f"== 2. a good picture while every picture thread is held (8 threads, 16 stalls, total_timeout {total_timeout} s)")
    server = Server(binary, {"pictures": pictures(origin_port, total_timeout=total_timeout)})
    Origin.stall.clear()
    stalls = []
    for i in range(16):
        s = socket.create_connection(("127.0.0.1", server.port))
        s.sendall(f"GET /avatar/S{i}?size=48&{picture_query(origin_port, f'/stall?{i}')} HTTP/1.1\r\nHost: h\r\n\r\n".encode())
        stalls.append(s)
    time.sleep(0.5)
    started = time.monotonic()
    status, source = get(server.port, f"/avatar/Good?size=48&{picture_query(origin_port, '/tiny')}")
    elapsed = time.monotonic() - started
    print(f"   good picture: {status} {source} after {elapsed:.2f} s (goal <= {total_timeout + 1} s)")
    Origin.stall.set()
    [s.close() for s in stalls]
    server.stop()


def measure_render_storm(binary, seconds=20):
    print("== 3. render storm: unique 4096-px mask avatars, 2 workers, cache.max_bytes 64 MiB")
    server = Server(binary, {"render": {"workers": 2}, "cache": {"max_bytes": 64 * MIB}})
    base = proc(server.pid)
    stop = time.monotonic() + seconds
    count = [0]

    def storm(worker):
        n = 0
        while time.monotonic() < stop:
            n += 1
            get(server.port, f"/avatar/Storm{worker}x{n}?size=1024&dpr=4&shape=squircle&bg={(worker * 7919 + n) % 0xFFFFFF:06x}")
            count[0] += 1
    threads = [threading.Thread(target=storm, args=(i,)) for i in range(4)]
    [t.start() for t in threads]
    [t.join() for t in threads]
    after = proc(server.pid)
    bound = 64 * MIB + 32 * MIB + 2 * 9 * 4096 * 4096 + 48 * MIB
    print(f"   {count[0]} renders; peak RSS {after['hwm'] / MIB:.0f} MiB, now {after['rss'] / MIB:.0f} MiB; baseline {base['rss'] / MIB:.0f} MiB; "
          f"README formula cache 64 + pictures.cache_bytes 32 + 2 workers x 144 + 48 = {bound / MIB:.0f} MiB")
    server.stop()


def measure_slowhttptest(binary, seconds=30, connections=1000):
    print(f"== 4. slowhttptest, {connections} connections, {seconds} s each")
    for mode, flags in [("slowloris", ["-H"]), ("slow body", ["-B"]), ("slow read", ["-X", "-k", "10", "-n", "1", "-w", "10", "-y", "20", "-z", "32"])]:
        server = Server(binary, {"server": {"max_connections": 2048}, "limits": {"client_connections": 0, "network_connections": 0}})
        # The attacked URL is rendered once first (a 4096-px PNG: one render's scratch, ~90 MiB
        # at its peak, is the render budget's term, not the connections'), so the baseline
        # and the peak compare connections only; VmHWM shows that render.
        get(server.port, "/avatar/Slow?size=1024&dpr=4")
        time.sleep(2)  # the loop's malloc_trim runs within a second of a connection closing
        base = proc(server.pid)
        target = f"http://127.0.0.1:{server.port}/avatar/Slow?size=1024&dpr=4"
        extra = ["-i", "10", "-s", "8192", "-t", "POST" if mode == "slow body" else "GET"] if mode != "slow read" else []
        tool = subprocess.Popen(["slowhttptest", *flags, "-c", str(connections), "-r", "200", "-l", str(seconds), "-u", target,
                                 "-p", "3", *extra], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        latencies, peak = [], dict(base)
        while tool.poll() is None:
            started = time.monotonic()
            try:
                get(server.port, "/avatar/Probe?size=64", timeout=10)
                latencies.append(time.monotonic() - started)
            except OSError:
                latencies.append(10.0)
            now = proc(server.pid)
            peak = {k: max(peak[k], now[k]) for k in peak}
            time.sleep(0.05)
        time.sleep(2)
        after = proc(server.pid)
        latencies.sort()
        p99 = latencies[int(len(latencies) * 0.99) - 1] if latencies else float("nan")
        print(f"   {mode}: RSS {base['rss'] / MIB:.0f} -> peak {peak['rss'] / MIB:.0f} -> after {after['rss'] / MIB:.0f} MiB "
              f"(VmHWM {after['hwm'] / MIB:.0f} MiB, the warm-up render); "
              f"descriptors {base['fds']} -> peak {peak['fds']} -> after {after['fds']}; probe p99 {p99 * 1000:.0f} ms over {len(latencies)} probes")
        server.stop()


def measure_connections(binary, count=1000):
    """RSS per open connection, without slowhttptest's timing: `count` connections that are
    idle, hold half a head, or pipelined 10 requests for a cached 4096-px PNG and read nothing."""
    print(f"== 5. memory per connection, {count} connections held open")
    import resource
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(4096, count + 100), resource.getrlimit(resource.RLIMIT_NOFILE)[1]))
    request = b"GET /avatar/Slow?size=1024&dpr=4 HTTP/1.1\r\nHost: h\r\n\r\n"
    for mode, payload in [("idle", b""), ("half a head", request[:-2] + b"X-a: b\r\n"), ("10 pipelined, unread", request * 10),
                          ("40 pipelined + 12 heads of 16 KB, unread", request * 40 + (request[:-2] + b"X-Pad: " + b"p" * 16000 + b"\r\n\r\n") * 12)]:
        server = Server(binary, {"server": {"max_connections": count + 100, "read_header_timeout": 60, "idle_timeout": 60, "write_timeout": 60},
                                 "limits": {"client_connections": 0, "network_connections": 0}})
        get(server.port, "/avatar/Slow?size=1024&dpr=4")
        time.sleep(2)
        base = proc(server.pid)
        sockets = []
        for _ in range(count):
            s = socket.socket()
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            s.connect(("127.0.0.1", server.port))
            if payload:
                s.setblocking(False)
                try:
                    s.send(payload)  # what the kernel takes; the rest is never sent
                except BlockingIOError:
                    pass
            sockets.append(s)
        time.sleep(3)
        held = proc(server.pid)
        [s.close() for s in sockets]
        time.sleep(2)
        after = proc(server.pid)
        print(f"   {mode}: RSS {base['rss'] / MIB:.1f} -> {held['rss'] / MIB:.1f} -> after {after['rss'] / MIB:.1f} MiB "
              f"({(held['rss'] - base['rss']) / count / 1024:.1f} KiB per connection; descriptors {held['fds']})")
        server.stop()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/monogram"))
    parser.add_argument("--only", choices=["pictures", "held", "storm", "slow", "connections"], action="append")
    args = parser.parse_args()
    Origin.bodies = {
        "/scans-16mp": many_scan_jpeg(4000, 4000), "/scans-968": many_scan_jpeg(968, 968),
        "/scans-worst": many_scan_jpeg(2316, 2316, bands=11, levels=14),
        "/40mp": zero_png(8000, 5000), "/tiny": tiny_png(),
    }
    origin = ThreadingHTTPServer(("127.0.0.1", 0), Origin)
    origin.daemon_threads = True
    threading.Thread(target=origin.serve_forever, daemon=True).start()
    port = origin.server_address[1]
    only = set(args.only or ["pictures", "held", "storm", "slow", "connections"])
    if "pictures" in only:
        measure_pictures(args.binary, port)
    if "held" in only:
        measure_held_threads(args.binary, port)
    if "storm" in only:
        measure_render_storm(args.binary)
    if "slow" in only:
        measure_slowhttptest(args.binary)
    if "connections" in only:
        measure_connections(args.binary)


if __name__ == "__main__":
    main()
