"""The table of cost against work for `make bench` (issue 17): server CPU per cache miss on the
pinned core, by output size, dpr, shape, `/group` face count, picture answers and format, and
RSS with the cache full. Each cell is a wrk run of unique URLs from one template
(bench/unique.lua), so every request renders the same amount of work; the cost is the server's
CPU time over the run (all threads) divided by the requests completed.

A picture answer needs an origin: this module starts one on loopback (a thread in the bench
process, on the client's side of the pinning) serving one photo-like PNG, allow-listed in the
server's configuration. The first request fetches and decodes it; the source-picture cache
keeps it, so the cells measure drawing a cached source (the origin's request count is
reported to show that). Formats the build does not know (webp/avif before they land) are
reported as not available instead of failing the run.
"""
import http.server
import os
import random
import re
import struct
import threading
import urllib.request
import zlib

MIB = 1024 * 1024
NAMES = ["Jane+Roe", "Ann+Lee", "Bob+Kay", "Cy+Dunn", "Di+Eve", "Ed+Fox", "Flo+Gray", "Gus+Hale",
         "Ida+Ives", "Jo+Kent"]


def group(faces, query=""):
    return "/group/" + ",".join(n + "{}" for n in NAMES[:faces]) + ".png" + query


# (label, URL template with "{}" for the unique part, note). Names keep the initials "JR".
CELLS = [
    ("32 px", "/avatar/Jane+Roe{}.png?size=32", ""),
    ("64 px", "/avatar/Jane+Roe{}.png?size=64", ""),
    ("128 px", "/avatar/Jane+Roe{}.png?size=128", ""),
    ("256 px", "/avatar/Jane+Roe{}.png?size=256", ""),
    ("512 px", "/avatar/Jane+Roe{}.png?size=512", ""),
    ("1024 px", "/avatar/Jane+Roe{}.png?size=1024", ""),
    ("32 px dpr 2", "/avatar/Jane+Roe{}.png?size=32&dpr=2", ""),
    ("32 px dpr 4", "/avatar/Jane+Roe{}.png?size=32&dpr=4", ""),
    ("128 px dpr 2", "/avatar/Jane+Roe{}.png?size=128&dpr=2", ""),
    ("128 px dpr 4", "/avatar/Jane+Roe{}.png?size=128&dpr=4", ""),
    ("64 px circle", "/avatar/Jane+Roe{}.png?size=64&shape=circle", ""),
    ("128 px circle", "/avatar/Jane+Roe{}.png?size=128&shape=circle", ""),
    ("128 px rounded", "/avatar/Jane+Roe{}.png?size=128&shape=rounded", ""),
    ("group 3 faces 64 px", group(3), ""),
    ("group 10 faces 64 px", group(10, "?max=10"), ""),
    ("picture 64 px (source cached)", "/avatar/Jane+Roe{}.png?size=64&picture=@PICTURE@", ""),
    ("picture 256 px (source cached)", "/avatar/Jane+Roe{}.png?size=256&picture=@PICTURE@", ""),
    ("webp 128 px", "/avatar/Jane+Roe{}.webp?size=128", ""),
    ("avif 128 px", "/avatar/Jane+Roe{}.avif?size=128", ""),
    ("webp 128 px circle", "/avatar/Jane+Roe{}.webp?size=128&shape=circle", ""),
    ("svg 128 px", "/avatar/Jane+Roe{}.svg?size=128", ""),
]


# ---- the picture origin ---------------------------------------------------------------------

def photo_png(side=512, seed=17):
    """A photo-like RGB PNG (smooth gradients plus noise: no runs, no palette), deterministic."""
    rng = random.Random(seed)
    rows = bytearray()
    for y in range(side):
        rows.append(0)
        for x in range(side):
            n = rng.randrange(24)
            rows += bytes(((x * 200 // side + n) & 255, (y * 180 // side + 40 + n) & 255,
                           ((x + y) * 90 // side + 60 + n) & 255))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    ihdr = struct.pack(">IIBBBBB", side, side, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(bytes(rows), 6)) + chunk(b"IEND", b"")


class PictureOrigin:
    def __init__(self):
        body = photo_png()
        self.requests = 0
        origin = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_GET(self):
                origin.requests += 1
                self.send_response(200)
                self.send_header("Content-Type", "image/png")
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Cache-Control", "public, max-age=86400")
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}/face.png"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


# ---- measuring ----------------------------------------------------------------------------

def format_of(template):
    match = re.search(r"\.(png|webp|avif|svg|json)(\?|$)", template)
    return match.group(1) if match else "png"


def kind(body):
    """The format an answer's bytes are in, by their signature."""
    if body[:8] == b"\x89PNG\r\n\x1a\n":
        return "png"
    if body[:4] == b"RIFF" and body[8:12] == b"WEBP":
        return "webp"
    if body[4:8] == b"ftyp" and body[8:12] in (b"avif", b"avis", b"mif1"):
        return "avif"
    if b"<svg" in body[:300]:
        return "svg"
    return "json" if body[:1] == b"{" else "unknown"


def dimensions(body):
    """(width, height) of a PNG, lossless/lossy WebP or AVIF answer; None for anything else."""
    if body[:8] == b"\x89PNG\r\n\x1a\n" and len(body) >= 24:
        return struct.unpack(">II", body[16:24])
    if body[:4] == b"RIFF" and body[8:12] == b"WEBP":
        if body[12:16] == b"VP8L" and len(body) >= 25:
            bits = int.from_bytes(body[21:25], "little")
            return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
        if body[12:16] == b"VP8X" and len(body) >= 30:
            return int.from_bytes(body[24:27], "little") + 1, int.from_bytes(body[27:30], "little") + 1
        if body[12:16] == b"VP8 " and len(body) >= 30:
            w, h = struct.unpack("<HH", body[26:30])
            return w & 0x3FFF, h & 0x3FFF
    at = body.find(b"ispe")
    if at >= 0 and len(body) >= at + 16:
        return struct.unpack(">II", body[at + 8:at + 16])
    if body.lstrip()[:4] == b"<svg" or b"<svg" in body[:200]:
        match = re.search(rb'width="(\d+)(?:px)?"[^>]*height="(\d+)(?:px)?"', body[:400])
        if match:
            return int(match.group(1)), int(match.group(2))
    return None


def metric(port, name, label):
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as response:
            text = response.read().decode()
    except OSError:
        return float("nan")
    match = re.search(rf'^{name}{{[^}}]*cache="{label}"[^}}]*}} (\S+)$', text, re.M)
    return float(match.group(1)) if match else float("nan")


def settings(bench):
    return (bench.env("TABLE_DURATION", "3s"), int(bench.env("TABLE_CONNECTIONS", "16")),
            int(bench.env("TABLE_CACHE_BYTES", str(16 * MIB))))


def run(bench, workdir):
    duration, connections, cache_bytes = settings(bench)
    chosen = {c.strip() for c in bench.env("TABLE_CELLS", "").split(",") if c.strip()}
    origin = PictureOrigin()
    server = bench.Monogram(workdir, name="table", extra={
        "cache": {"max_bytes": cache_bytes},
        "pictures": {"allowed_hosts": [f"127.0.0.1:{origin.port}"]}})
    rows = []
    try:
        for index, (label, template, note) in enumerate(CELLS):
            if chosen and not any(c in label for c in chosen):
                continue
            template = template.replace("@PICTURE@", urllib.request.quote(origin.url, safe=""))
            row = {"label": label, "template": template}
            try:
                sample = bench.fetch(server.port, template.replace("{}", "probe"))
            except bench.BenchError as error:
                row["error"] = str(error).split(": ", 1)[-1]
                rows.append(row)
                print(f"  {label:32} not available ({row['error']})", flush=True)
                continue
            wanted = format_of(template)
            if kind(sample) != wanted:
                row["error"] = f"answered {kind(sample)}, not {wanted}"
                rows.append(row)
                print(f"  {label:32} not available ({row['error']})", flush=True)
                continue
            size = dimensions(sample)
            row["pixels"] = size[0] * size[1] if size else float("nan")
            row["dimensions"] = f"{size[0]}×{size[1]}" if size else "?"
            row["bytes"] = len(sample)
            bench.wrk(server.port, "/", script="unique.lua", script_args=(f"w{index}x", template),
                      duration="1s", connections=connections)
            phase = bench.measured(server.pid, server.port, "/", script="unique.lua",
                                   script_args=(f"t{index}x", template), duration=duration,
                                   connections=connections)
            row.update(phase)
            # VmHWM cannot be reset: a jump after a cell is that cell's peak.
            row["hwm_mib"] = bench.memory_kib(server.pid, "VmHWM") / 1024
            rows.append(row)
            print(f"  {label:32} {phase['cpu_us']:9.1f} µs/req  {phase['rps']:8.0f} req/s  "
                  f"{row['dimensions']:>9}  {row['bytes']:>7} B", flush=True)
        memory = full_cache_memory(bench, server, cache_bytes, connections)
        memory["origin_requests"] = origin.requests
    finally:
        server.stop()
        origin.stop()
    return {"rows": rows, "memory": memory, "duration": duration, "connections": connections}


def full_cache_memory(bench, server, cache_bytes, connections):
    """Fills the avatar cache with 128 px misses until it evicts, then reads the server's RSS."""
    for attempt in range(15):
        if metric(server.port, "monogram_cache_evictions_total", "images") > 0:
            break
        bench.wrk(server.port, "/", script="unique.lua", script_args=(f"f{attempt}x", "/avatar/Jane+Roe{}.png"),
                  duration="2s", connections=connections)
    return {"full": metric(server.port, "monogram_cache_evictions_total", "images") > 0,
            "cache_bytes": metric(server.port, "monogram_cache_bytes", "images"),
            "max_bytes": cache_bytes,
            "rss_mib": bench.memory_kib(server.pid, "VmRSS") / 1024,
            "hwm_mib": bench.memory_kib(server.pid, "VmHWM") / 1024,
            "anon_mib": bench.memory_kib(server.pid, "RssAnon") / 1024}


def fit(points):
    """Least-squares cost = fixed + per_pixel × pixels."""
    n = len(points)
    if n < 2:
        return float("nan"), float("nan")
    mx = sum(p for p, _ in points) / n
    my = sum(c for _, c in points) / n
    sxx = sum((p - mx) ** 2 for p, _ in points)
    slope = sum((p - mx) * (c - my) for p, c in points) / sxx if sxx else float("nan")
    return my - slope * mx, slope


def report(table):
    rows, memory = table["rows"], table["memory"]
    fmt = lambda v, d=0: "n/a" if v != v else f"{v:,.{d}f}"
    lines = [f"Cost against work: unique URLs per cell, {table['duration']} of wrk with "
             f"{table['connections']} connections after a 1 s warm-up; server CPU (all threads) per request."]
    lines.append("")
    lines.append("| miss | output px | bytes | server CPU µs/req | µs per 1,000 px | req/s | non-2xx | VmHWM MiB after |")
    lines.append("|---|---:|---:|---:|---:|---:|---:|---:|")
    for row in rows:
        if "error" in row:
            lines.append(f"| {row['label']} | not available on this build: {row['error']} | | | | | | |")
            continue
        per_kpx = row["cpu_us"] / row["pixels"] * 1000 if row["pixels"] == row["pixels"] else float("nan")
        lines.append(f"| {row['label']} | {row['dimensions']} | {row['bytes']:,} | {fmt(row['cpu_us'], 1)} | "
                     f"{fmt(per_kpx, 2)} | {fmt(row['rps'])} | {row['non2xx']} | {fmt(row.get('hwm_mib', float('nan')), 1)} |")
    squares = [(r["pixels"], r["cpu_us"]) for r in rows
               if "error" not in r and re.fullmatch(r"\d+ px", r["label"])]
    fixed, per_pixel = fit(squares)
    lines.append("")
    lines.append(f"Square PNG misses at dpr 1 fit cost ≈ {fmt(fixed, 1)} µs + {fmt(per_pixel * 1000, 2)} µs per "
                 f"1,000 px (least squares over {len(squares)} sizes).")
    by = {r["label"]: r for r in rows if "error" not in r}
    notes = []
    if "128 px circle" in by and "128 px" in by:
        notes.append(f"circle ÷ square at 128 px: {by['128 px circle']['cpu_us'] / by['128 px']['cpu_us']:.2f}")
    for faces in (3, 10):
        label = f"group {faces} faces 64 px"
        if label in by and "64 px circle" in by:
            notes.append(f"group of {faces} ÷ ({faces} × one 64 px circle): "
                         f"{by[label]['cpu_us'] / (faces * by['64 px circle']['cpu_us']):.2f}")
    for a, b in (("128 px dpr 2", "256 px"), ("128 px dpr 4", "512 px")):
        if a in by and b in by:
            notes.append(f"{a} ÷ {b} (same pixels): {by[a]['cpu_us'] / by[b]['cpu_us']:.2f}")
    for fmt_label in ("webp 128 px", "avif 128 px"):
        if fmt_label in by and "128 px" in by:
            notes.append(f"{fmt_label} ÷ png: CPU {by[fmt_label]['cpu_us'] / by['128 px']['cpu_us']:.2f}, "
                         f"bytes {by[fmt_label]['bytes'] / by['128 px']['bytes']:.2f}")
    if notes:
        lines.append("Ratios: " + "; ".join(notes) + ".")
    lines.append("")
    lines.append(f"RSS with the avatar cache {'full (evicting)' if memory['full'] else 'NOT full'}: "
                 f"cache holds {fmt(memory['cache_bytes'] / MIB, 1)} of {fmt(memory['max_bytes'] / MIB, 1)} MiB; "
                 f"VmRSS {fmt(memory['rss_mib'], 1)} MiB, VmHWM {fmt(memory['hwm_mib'], 1)} MiB, RssAnon "
                 f"{fmt(memory['anon_mib'], 1)} MiB; VmHWM − cache bound "
                 f"{fmt(memory['hwm_mib'] - memory['max_bytes'] / MIB, 1)} MiB (the peak of the whole table, see the last column), RssAnon − cache bound "
                 f"{fmt(memory['anon_mib'] - memory['max_bytes'] / MIB, 1)} MiB. The picture origin was asked "
                 f"{memory['origin_requests']} time(s).")
    return "\n".join(lines)
