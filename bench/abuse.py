"""The "abuse" phase of `make bench` (issue 14): one client sends unique names as fast as it
can while another sends a realistic mix, with the client render budget off and on.

The two clients are told apart the way a deployment behind nginx tells them apart: the server
trusts 127.0.0.1 as a proxy (`server.trusted_proxies`), the attacker (wrk, bench/unique.lua with the miss template)
sends `X-Forwarded-For: 198.51.100.66` and the honest client `X-Forwarded-For: 198.51.100.7`.
(wrk cannot bind a source address; the budget's code path is the same either way.)

The honest client is a paced Python client (HONEST_RPS requests a second over HONEST_CONNECTIONS
keep-alive connections): 90 % requests for HOT_NAMES already cached names, 10 % new names. It
times each request from send to the last body byte. Phases, each ABUSE_DURATION long:
  idle        the honest client alone (budget off): the reference for its hit latency
  abuse-off   honest + attacker, budget off
  abuse-on    honest + attacker, budget on (ABUSE_RATE renders/s, ABUSE_BURST burst)
  hit-off/on  wrk on one cached URL against each server: the hit path with and without budget
Knobs: ABUSE=1 ABUSE_DURATION=10s ABUSE_RATE=50 ABUSE_BURST=200 ABUSE_CONNECTIONS=128
  HONEST_RPS=200 HONEST_CONNECTIONS=4 HOT_NAMES=20

`python3 bench/abuse.py fairness` (issue 21) runs other phases instead, each on a fresh server
with the budget on: the honest client connects from its own loopback address (127.0.0.9, no
X-Forwarded-For), alone (that mode's idle reference), then beside one attacker per mode: a render flood and a picture
flood (wrk as 198.51.100.66 through the trusted loopback proxy), address rotation inside one /24
(wrk, a new X-Forwarded-For of 203.0.113.0/24 per request) and connection hoarding (1,024
keep-alives from 127.0.0.77, a cached request on each every 8 s) and slow request heads
(1,024 connections from 16 loopback addresses, 64 each, that send a request head one byte a
second and never finish it, reopening when closed): "slowheads" with the 16 addresses in one /24
(127.0.1.1–16), "slowheads-spread" with each in a /24 of its own (127.1.0.1, 127.2.0.1, …).
Goal: honest miss p99 within 3 × idle in every mode. Knobs:
FAIRNESS_MODES=render,picture,rotation,hoard,slowheads,slowheads-spread HOARD_CONNECTIONS=1024
HOARD_INTERVAL=8 TRICKLE_INTERVAL=1 FAIRNESS_DURATION=20s (each mode measures its own idle
reference first, on the same server), FAIRNESS_LIMITS='{"ipv4_prefix": 24}' (more `limits` keys),
and the ones above.
"""
import json
import os
import re
import socket
import subprocess
import threading
import time

ATTACKER = "198.51.100.66"
HONEST = "198.51.100.7"


def env(name, default):
    return os.environ.get(name, default)


ABUSE_DURATION = env("ABUSE_DURATION", "10s")
ABUSE_RATE = float(env("ABUSE_RATE", "50"))
ABUSE_BURST = int(env("ABUSE_BURST", "200"))
ABUSE_CONNECTIONS = int(env("ABUSE_CONNECTIONS", "128"))
HONEST_RPS = float(env("HONEST_RPS", "200"))
HONEST_CONNECTIONS = int(env("HONEST_CONNECTIONS", "4"))
HOT_NAMES = int(env("HOT_NAMES", "20"))


def hot_path(index):
    return f"/avatar/Honest+Person{index}.png?shape=circle"


class Connection:
    """One keep-alive HTTP/1.1 connection that reads whole responses (Content-Length framing).
    `source`: the local address to connect from (another loopback address is another client);
    `forwarded`: the X-Forwarded-For to send, or None."""

    def __init__(self, port, source=None, forwarded=HONEST):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10,
                                             source_address=(source, 0) if source else None)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.buffer = b""
        self.forwarded = f"X-Forwarded-For: {forwarded}\r\n" if forwarded else ""

    def get(self, path):
        self.sock.sendall(f"GET {path} HTTP/1.1\r\nHost: bench\r\n{self.forwarded}\r\n".encode())
        while b"\r\n\r\n" not in self.buffer:
            self._fill()
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        status = int(head.split(b" ", 2)[1])
        length = int(re.search(rb"(?i)\r\ncontent-length:\s*(\d+)", head).group(1)) if status != 304 else 0
        while len(self.buffer) < length:
            self._fill()
        self.buffer = self.buffer[length:]
        return status

    def _fill(self):
        chunk = self.sock.recv(65536)
        if not chunk:
            raise OSError("connection closed")
        self.buffer += chunk

    def close(self):
        self.sock.close()


def warm(port, source=None, forwarded=HONEST):
    connection = Connection(port, source, forwarded)
    try:
        for index in range(HOT_NAMES):
            if connection.get(hot_path(index)) != 200:
                raise RuntimeError(f"warming {hot_path(index)} failed")
    finally:
        connection.close()


def honest_client(port, seconds, tag, source=None, forwarded=HONEST):
    """Paced 90/10 traffic; returns per-kind lists of (latency ms, status)."""
    results = {"hit": [], "miss": [], "errors": 0}
    lock = threading.Lock()
    interval = HONEST_CONNECTIONS / HONEST_RPS
    end = time.monotonic() + seconds

    def worker(number):
        connection = Connection(port, source, forwarded)
        due = time.monotonic() + interval * number / HONEST_CONNECTIONS
        count = 0
        try:
            while True:
                now = time.monotonic()
                if now >= end:
                    break
                if due > now:
                    time.sleep(due - now)
                due += interval
                count += 1
                # Every tenth request of each connection is a name never seen before.
                miss = count % 10 == 0
                path = (f"/avatar/Honest+New{tag}x{number}x{count}.png?shape=circle" if miss
                        else hot_path((count * 7 + number) % HOT_NAMES))
                started = time.perf_counter()
                try:
                    status = connection.get(path)
                except OSError:
                    with lock:
                        results["errors"] += 1
                    connection.close()
                    try:
                        connection = Connection(port, source, forwarded)
                    except OSError:
                        time.sleep(0.05)
                    continue
                elapsed = (time.perf_counter() - started) * 1000
                with lock:
                    results["miss" if miss else "hit"].append((elapsed, status))
        finally:
            connection.close()

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(HONEST_CONNECTIONS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def percentile(values, fraction):
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def summarise_honest(results):
    hits = [ms for ms, status in results["hit"] if status == 200]
    misses = results["miss"]
    served = [ms for ms, status in misses if status == 200]
    return {
        "hit_p50": percentile(hits, 0.50), "hit_p99": percentile(hits, 0.99), "hits": len(results["hit"]),
        "hits_ok": len(hits), "misses": len(misses), "misses_ok": len(served),
        "miss_success": len(served) / len(misses) if misses else float("nan"),
        "miss_p99": percentile([ms for ms, _ in misses], 0.99), "errors": results["errors"],
        "miss_statuses": sorted({status for _, status in misses}),
    }


def attack(bench, server, tag):
    """wrk sending unique names as fast as it can (more connections than the render queue has
    places); returns (wrk result with the server's CPU per request, accepted renders/s)."""
    result = bench.measured(server.pid, server.port, "/", script="unique.lua", script_args=(tag, bench.MISS_TEMPLATE), duration=ABUSE_DURATION,
                       connections=ABUSE_CONNECTIONS, threads=1,
                       headers=(f"X-Forwarded-For: {ATTACKER}",))
    accepted = (result["requests"] - result["non2xx"]) / bench.seconds(ABUSE_DURATION)
    return result, accepted


def phase(bench, server, tag, with_attacker):
    box = {}
    attacker = None
    if with_attacker:
        attacker = threading.Thread(target=lambda: box.update(zip(("wrk", "accepted"), attack(bench, server, tag))))
        attacker.start()
        time.sleep(0.5)  # let the attacker reach full speed before the honest client starts
    honest = summarise_honest(honest_client(server.port, bench.seconds(ABUSE_DURATION) - (1.0 if with_attacker else 0), tag))
    if attacker:
        attacker.join()
    return {"honest": honest, **box}


def run(bench, workdir):
    """All abuse phases on two fresh servers; returns a dict of results."""
    off = bench.Monogram(workdir, extra={"server": {"trusted_proxies": ["127.0.0.1"]}}, name="abuse-off")
    on = None
    results = {}
    try:
        on = bench.Monogram(workdir, extra={"server": {"trusted_proxies": ["127.0.0.1"]},
                                            "limits": {"client_renders_per_second": ABUSE_RATE,
                                                       "client_burst": ABUSE_BURST}}, name="abuse-on")
        for server in (off, on):
            warm(server.port)
            bench.fetch(server.port, bench.HOT_PATH)
        print("  abuse: idle", flush=True)
        results["idle"] = phase(bench, off, "i", with_attacker=False)
        print("  abuse: budget off", flush=True)
        results["off"] = phase(bench, off, "f", with_attacker=True)
        print("  abuse: budget on", flush=True)
        results["on"] = phase(bench, on, "n", with_attacker=True)
        results["refused"] = refused(bench, on.port)
        # The hit path with and without the budget, interleaved, on servers of the same age.
        for name, server in (("hit_off", off), ("hit_on", on), ("hit_off_2", off), ("hit_on_2", on)):
            results[name] = bench.measured(server.pid, server.port, bench.HOT_PATH, duration="5s")
    finally:
        off.stop()
        if on:
            on.stop()
    return results


def refused(bench, port):
    text = bench.fetch(port, "/metrics").decode()
    match = re.search(r"^monogram_budget_refused_total (\d+)", text, re.M)
    return int(match.group(1)) if match else None


def report(results):
    fmt = lambda v, d=2: "n/a" if v != v else f"{v:,.{d}f}"
    idle = results["idle"]["honest"]
    lines = ["", f"Abuse: attacker = wrk, 1 thread, {ABUSE_CONNECTIONS} connections, unique names; honest = "
             f"{HONEST_RPS:.0f} req/s paced over {HONEST_CONNECTIONS} connections, 90 % of {HOT_NAMES} cached names, "
             f"10 % new; {ABUSE_DURATION} per phase; budget on = {ABUSE_RATE:g} renders/s, burst {ABUSE_BURST}.", "",
             "| phase | honest hit p50 ms | honest hit p99 ms | honest misses served | honest miss p99 ms | "
             "attacker requests/s | attacker accepted renders/s | server CPU µs per attacker request |",
             "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for key, label in (("idle", "idle (honest client alone)"), ("off", "attack, budget off"), ("on", "attack, budget on")):
        row = results[key]
        honest = row["honest"]
        wrk = row.get("wrk")
        lines.append(f"| {label} | {fmt(honest['hit_p50'])} | {fmt(honest['hit_p99'])} | "
                     f"{honest['misses_ok']}/{honest['misses']} ({fmt(100 * honest['miss_success'], 1)} %) | "
                     f"{fmt(honest['miss_p99'])} | {fmt(wrk['rps'], 0) if wrk else '—'} | "
                     f"{fmt(row['accepted'], 0) if wrk else '—'} | {fmt(wrk['cpu_us'], 1) if wrk else '—'} |")
    on = results["on"]
    allowed = ABUSE_RATE + ABUSE_BURST / (bench_seconds(ABUSE_DURATION))
    goals = [
        ("honest hit p99, budget on ÷ idle", on["honest"]["hit_p99"] / idle["hit_p99"], "≤ 2.0"),
        ("honest misses served, budget on", 100 * on["honest"]["miss_success"], "≥ 99 %"),
        ("attacker accepted renders/s, budget on", on["accepted"], f"≤ rate + burst/duration = {allowed:.0f}"),
    ]
    lines += ["", "| goal | value | target |", "|---|---:|---|"]
    lines += [f"| {name} | {fmt(value)} | {target} |" for name, value, target in goals]
    lines += ["", "| hit path (wrk, one cached URL, 5 s) | req/s | p50 ms | p99 ms | server CPU µs/req |", "|---|---:|---:|---:|---:|"]
    for key, label in (("hit_off", "budget off"), ("hit_on", "budget on"), ("hit_off_2", "budget off, again"),
                       ("hit_on_2", "budget on, again")):
        r = results[key]
        lines.append(f"| {label} | {fmt(r['rps'], 0)} | {fmt(r['p50'])} | {fmt(r['p99'])} | {fmt(r['cpu_us'], 1)} |")
    lines.append("")
    lines.append(f"429s counted by the budget-on server: {results.get('refused')}; honest miss statuses: "
                 f"off {results['off']['honest']['miss_statuses']}, on {results['on']['honest']['miss_statuses']}.")
    return "\n".join(lines)


# ---- fairness (issue 21): honest miss p99 under each abuse mode, the budget on -----------------

HONEST_SOURCE = "127.0.0.9"    # the honest client's own loopback address (a real TCP peer)
HOARDER_SOURCE = "127.0.0.77"  # the connection hoarder's
HOARD_CONNECTIONS = int(env("HOARD_CONNECTIONS", "1024"))
HOARD_INTERVAL = float(env("HOARD_INTERVAL", "8"))
FAIRNESS_MODES = [m for m in env("FAIRNESS_MODES", "render,picture,rotation,hoard,slowheads,slowheads-spread").split(",") if m]
TRICKLE_INTERVAL = float(env("TRICKLE_INTERVAL", "1"))
# 16 addresses of one /24, or 16 addresses each in a /24 of its own.
SLOWHEAD_SOURCES = {"slowheads": [f"127.0.1.{n}" for n in range(1, 17)],
                    "slowheads-spread": [f"127.{n}.0.1" for n in range(1, 17)]}
FAIRNESS_DURATION = env("FAIRNESS_DURATION", "20s")


class PictureOrigin:
    """A local picture host: every path is the same 512 x 512 noisy PNG, so each unique URL is a
    fetch and a decode for the server (the service allows it by naming 127.0.0.1:PORT)."""

    def __init__(self):
        import http.server
        import random
        import struct
        import zlib
        rng = random.Random(21)
        size = 512
        rows = b"".join(b"\x00" + bytes(rng.getrandbits(8) for _ in range(size * 3)) for _ in range(size))
        def chunk(kind, data):
            return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0))
               + chunk(b"IDAT", zlib.compress(rows, 1)) + chunk(b"IEND", b""))

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_GET(self):
                self.send_response(200)
                self.send_header("Content-Type", "image/png")
                self.send_header("Content-Length", str(len(png)))
                self.end_headers()
                self.wfile.write(png)

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self):
        self.server.shutdown()


def hoard(port, seconds):
    """One address holding HOARD_CONNECTIONS keep-alive slots: each slot sends a cached request
    every HOARD_INTERVAL seconds on its connection, and a slot whose connection was closed or
    refused opens a new one at its next turn (so reconnecting is as paced as the requests).
    Returns (connections open at the end, answers by status)."""
    import selectors
    end = time.monotonic() + seconds
    selector = selectors.DefaultSelector()
    statuses = {}
    slots = [None] * HOARD_CONNECTIONS       # the socket of each slot, or None
    due = [HOARD_INTERVAL * index / HOARD_CONNECTIONS for index in range(HOARD_CONNECTIONS)]
    start = time.monotonic()
    request = f"GET {bench_hot_path()} HTTP/1.1\r\nHost: hoard\r\n\r\n".encode()

    def open_slot(index):
        try:
            sock = socket.socket()
            sock.setblocking(False)
            sock.bind((HOARDER_SOURCE, 0))
            sock.connect_ex(("127.0.0.1", port))
            selector.register(sock, selectors.EVENT_READ, index)
            slots[index] = sock
        except OSError:
            slots[index] = None

    def drop(index):
        sock = slots[index]
        if sock is not None:
            selector.unregister(sock)
            sock.close()
            slots[index] = None

    # Open every slot first, at once: the hoard.
    for index in range(HOARD_CONNECTIONS):
        open_slot(index)
    while time.monotonic() < end:
        now = time.monotonic() - start
        for index in range(HOARD_CONNECTIONS):
            if due[index] > now:
                continue
            due[index] += HOARD_INTERVAL
            if slots[index] is None:
                open_slot(index)
                continue
            try:
                slots[index].send(request)
            except OSError:
                drop(index)
        for key, _ in selector.select(timeout=0.05):
            index = key.data
            try:
                data = key.fileobj.recv(65536)
            except BlockingIOError:
                continue
            except OSError:
                data = b""
            for match in re.finditer(rb"HTTP/1\.1 (\d{3})", data):
                code = int(match.group(1))
                statuses[code] = statuses.get(code, 0) + 1
            if not data:
                drop(index)
    count = sum(1 for sock in slots if sock is not None)
    for index in range(HOARD_CONNECTIONS):
        drop(index)
    return count, statuses


def trickle(port, seconds, sources):
    """HOARD_CONNECTIONS connections from `sources` (round robin) that each send a request head
    one byte every TRICKLE_INTERVAL seconds and never finish it; a connection closed (408,
    evicted) or refused (429, 503) is reopened at its slot's next turn. Returns (connections
    open at the end, answers by status, connections the server closed or refused)."""
    import selectors
    end = time.monotonic() + seconds
    selector = selectors.DefaultSelector()
    statuses = {}
    closed = 0
    slots = [None] * HOARD_CONNECTIONS
    due = [TRICKLE_INTERVAL * index / HOARD_CONNECTIONS for index in range(HOARD_CONNECTIONS)]
    start = time.monotonic()
    head = b"GET /healthz HTTP/1.1\r\nHost: trickle\r\nX-Slow: "

    def open_slot(index):
        try:
            sock = socket.socket()
            sock.setblocking(False)
            sock.bind((sources[index % len(sources)], 0))
            sock.connect_ex(("127.0.0.1", port))
            selector.register(sock, selectors.EVENT_READ, index)
            slots[index] = [sock, 0]
        except OSError:
            slots[index] = None

    def drop(index):
        slot = slots[index]
        if slot is not None:
            selector.unregister(slot[0])
            slot[0].close()
            slots[index] = None

    for index in range(HOARD_CONNECTIONS):
        open_slot(index)
    while time.monotonic() < end:
        now = time.monotonic() - start
        for index in range(HOARD_CONNECTIONS):
            if due[index] > now:
                continue
            due[index] += TRICKLE_INTERVAL
            if slots[index] is None:
                open_slot(index)
                continue
            sock, sent = slots[index]
            try:
                # The head's fixed part first, then one byte a turn.
                piece = head if sent == 0 else b"x"
                sock.send(piece)
                slots[index][1] += len(piece)
            except OSError:
                drop(index)
        for key, _ in selector.select(timeout=0.05):
            index = key.data
            try:
                data = key.fileobj.recv(65536)
            except BlockingIOError:
                continue
            except OSError:
                data = b""
            for match in re.finditer(rb"HTTP/1\.1 (\d{3})", data):
                code = int(match.group(1))
                statuses[code] = statuses.get(code, 0) + 1
            if not data:
                closed += 1
                drop(index)
    count = sum(1 for slot in slots if slot is not None)
    for index in range(HOARD_CONNECTIONS):
        drop(index)
    return count, statuses, closed


def bench_hot_path():
    return hot_path(0)


def fairness_phase(bench, mode, workdir, origin):
    """One fresh server with the budget on: the honest client from its own address for
    FAIRNESS_DURATION alone (this mode's idle reference, so slow drifts of the machine's load
    cancel out), then as long again beside one attacker."""
    extra = {"server": {"trusted_proxies": ["127.0.0.1"], "max_connections": 1024},
             "limits": {"client_renders_per_second": ABUSE_RATE, "client_burst": ABUSE_BURST,
                        **({} if bench.LEGACY_CONFIG else {"client_connections": 64, "network_connections": 256}),
                        **json.loads(env("FAIRNESS_LIMITS", "{}"))},
             "pictures": {"allowed_hosts": [f"127.0.0.1:{origin.port}"]}}
    server = bench.Monogram(workdir, extra=extra, name=f"fair-{mode}")
    box = {}
    try:
        warm(server.port, HONEST_SOURCE, None)
        duration = bench.seconds(FAIRNESS_DURATION)
        idle = summarise_honest(honest_client(server.port, duration, f"i{mode}", HONEST_SOURCE, None))
        wrk_run = lambda path, script, args, headers=(): box.update(wrk=bench.measured(
            server.pid, server.port, path, script=script, script_args=args, duration=FAIRNESS_DURATION,
            connections=ABUSE_CONNECTIONS, threads=1, headers=headers))
        if mode == "render":
            target = lambda: wrk_run("/", "unique.lua", ("f", bench.MISS_TEMPLATE), (f"X-Forwarded-For: {ATTACKER}",))
        elif mode == "picture":
            template = f"/avatar/Pic.png?picture=http%3A%2F%2F127.0.0.1%3A{origin.port}%2Fp{{}}.png"
            target = lambda: wrk_run("/", "unique.lua", ("p", template), (f"X-Forwarded-For: {ATTACKER}",))
        elif mode == "rotation":
            target = lambda: wrk_run("/", "rotate.lua", ("r", bench.MISS_TEMPLATE, "203.0.113"))
        elif mode == "hoard":
            target = lambda: box.update(hoard=hoard(server.port, duration + 1))
        elif mode in SLOWHEAD_SOURCES:
            target = lambda: box.update(trickle=trickle(server.port, duration + 1, SLOWHEAD_SOURCES[mode]))
        else:
            raise bench.BenchError(f"unknown fairness mode {mode}")
        attacker = threading.Thread(target=target)
        attacker.start()
        # The attacker at full strength first (trickling heads become slow after 1.25 s).
        time.sleep(2.0 if mode in SLOWHEAD_SOURCES else 1.0 if mode == "hoard" else 0.5)
        honest = summarise_honest(honest_client(server.port, duration - 1.0, f"h{mode}", HONEST_SOURCE, None))
        attacker.join()
        metrics = bench.fetch(server.port, "/metrics").decode()
        counters = {name: int(float(value)) for name, value in re.findall(
            r"^(monogram_(?:budget_refused_total|rejected_connections_total|evicted_connections_total)) (\S+)", metrics, re.M)}
        fetches = sum(int(float(value)) for value in re.findall(r"^monogram_picture_fetches_total\{[^}]*\} (\S+)", metrics, re.M))
        return {"idle": idle, "honest": honest, **box, "counters": counters, "picture_fetches": fetches}
    finally:
        server.stop()


def run_fairness(bench, workdir):
    origin = PictureOrigin()
    try:
        results = {}
        for mode in FAIRNESS_MODES:
            print(f"  fairness: {mode}", flush=True)
            results[mode] = fairness_phase(bench, mode, workdir, origin)
        return results
    finally:
        origin.stop()


def report_fairness(results):
    fmt = lambda v, d=2: "n/a" if v != v else f"{v:,.{d}f}"
    lines = ["", f"Fairness: honest = {HONEST_RPS:.0f} req/s paced over {HONEST_CONNECTIONS} keep-alive connections from "
             f"{HONEST_SOURCE}, 90 % of {HOT_NAMES} cached names, 10 % new; budget on ({ABUSE_RATE:g} renders/s, burst "
             f"{ABUSE_BURST}; network_clients 8, client_connections 64, network_connections 256, max_connections 1024). Per mode a fresh server: "
             f"{FAIRNESS_DURATION} of the honest client alone (idle), then {FAIRNESS_DURATION} beside the attacker.", "",
             "| mode | attacker | idle miss p99 ms | attacked: misses served | miss p99 ms | ÷ idle | hit p99 ms | "
             "honest errors | attacker req/s | server CPU µs / attacker req | 429s (budget) | connections refused / evicted |",
             "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    who = {"render": f"wrk, {ABUSE_CONNECTIONS} conns, unique 128 px names as {ATTACKER}",
           "picture": f"wrk, {ABUSE_CONNECTIONS} conns, unique picture URLs (512² PNG) as {ATTACKER}",
           "rotation": f"wrk, {ABUSE_CONNECTIONS} conns, unique names, a new address of 203.0.113.0/24 each request",
           "hoard": f"{HOARD_CONNECTIONS} keep-alive slots from {HOARDER_SOURCE}, a cached request on each every {HOARD_INTERVAL:g} s",
           "slowheads": f"{HOARD_CONNECTIONS} heads trickling a byte every {TRICKLE_INTERVAL:g} s from 16 addresses of 127.0.1.0/24",
           "slowheads-spread": f"{HOARD_CONNECTIONS} heads trickling a byte every {TRICKLE_INTERVAL:g} s from 16 addresses in 16 /24s"}
    for mode, row in results.items():
        idle, honest = row["idle"], row["honest"]
        wrk = row.get("wrk")
        counters = row.get("counters", {})
        ratio = honest["miss_p99"] / idle["miss_p99"] if idle["miss_p99"] > 0 else float("nan")
        attacker_rate = (fmt(wrk["rps"], 0) if wrk else f"{row['hoard'][0]} slots open" if "hoard" in row
                         else f"{row['trickle'][0]} heads open" if "trickle" in row else "—")
        lines.append(f"| {mode} | {who.get(mode, mode)} | {fmt(idle['miss_p99'])} | {honest['misses_ok']}/{honest['misses']} | "
                     f"{fmt(honest['miss_p99'])} | {fmt(ratio)} | {fmt(honest['hit_p99'])} | {honest['errors']} | {attacker_rate} | "
                     f"{fmt(wrk['cpu_us'], 1) if wrk else '—'} | {counters.get('monogram_budget_refused_total', 0)} | "
                     f"{counters.get('monogram_rejected_connections_total', 0)} / {counters.get('monogram_evicted_connections_total', 0)} |")
    lines.append("")
    lines.append("Honest miss statuses under attack: " + ", ".join(f"{m} {r['honest']['miss_statuses']}" for m, r in results.items())
                 + (f"; the hoarder's answers by status: {results['hoard']['hoard'][1]}" if "hoard" in results else "")
                 + "".join(f"; {m}: answers to the heads by status {r['trickle'][1]}, heads closed or refused {r['trickle'][2]}"
                           for m, r in results.items() if "trickle" in r)
                 + "".join(f"; {m}: picture fetches {r.get('picture_fetches', 0)}" for m, r in results.items() if m == "picture") + ".")
    return "\n".join(lines)


def bench_seconds(text):
    match = re.fullmatch(r"(\d+(?:\.\d+)?)(ms|s|m)?", text)
    value, unit = float(match.group(1)), match.group(2) or "s"
    return value * {"ms": 0.001, "s": 1, "m": 60}[unit]


if __name__ == "__main__":
    # `python3 bench/abuse.py`: only this phase, against the release build.
    # `python3 bench/abuse.py fairness`: the issue 21 modes (FAIRNESS_MODES) instead.
    import sys
    import tempfile
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import run as bench
    fairness = sys.argv[1:] == ["fairness"]
    with tempfile.TemporaryDirectory(prefix="monogram-abuse-") as workdir:
        results = run_fairness(bench, workdir) if fairness else run(bench, workdir)
    text = report_fairness(results) if fairness else report(results)
    print(text)
    name = "fairness" if fairness else "abuse"
    os.makedirs(bench.OUT, exist_ok=True)
    with open(os.path.join(bench.OUT, f"{name}.md"), "w") as f:
        f.write(text + "\n")
    with open(os.path.join(bench.OUT, f"{name}.json"), "w") as f:
        json.dump(results, f, indent=1)
