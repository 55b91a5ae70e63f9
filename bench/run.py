#!/usr/bin/env python3
"""`make bench`: Monogram against nginx (static file) and a C render loop, side by side.

Everything runs on loopback, bounded in time (about 5 minutes with the defaults). Each round
starts a fresh monogram (release build), then measures with wrk, in this order:
  nginx-hit   nginx serving the very PNG bytes Monogram answers, at the same URL, in its best
              setup on the one pinned core (NGINX; `BENCH=anchors` measures the choices)
  floor-hit   bench/floor.c: a minimal C epoll responder answering every request with the very
              bytes (head and body) of one Monogram hit: the floor a loopback hit cannot go under
  hit         monogram, one URL (a cache hit after the first request)
  miss        monogram, a unique name per request (bench/unique.lua, MISS_TEMPLATE): every request renders
  mixed       monogram, 90% the hot URL / 10% unique names (bench/mixed.lua)
  baseline    bench/baseline.c: the same picture with pangocairo + libpng, 1 (and 2) threads
Once after the rounds: `hit` again with the access log on (to stdout, redirected to a file),
then the table of cost against work (bench/table.py: server CPU per miss by size, dpr, shape,
group, picture and format; RSS with the cache full), then the "abuse" phase (bench/abuse.py:
an attacker and an honest client, budget off and on).
Reports medians over the rounds, each round's ratios, and the ratios against issue 26's goals,
each with its anchor's configuration.

Knobs (environment): BENCH=hits,misses,mixed,access,table,abuse,anchors (any subset; `anchors`
  is not in the default: it measures every NGINX_SETUPS entry, the floor and Monogram with
  server.loops 1 and 2, interleaved over ROUNDS, to choose the anchors' setups) ROUNDS=3 DURATION=10s
  CONNECTIONS=64 THREADS=2 PIN=1 WARMUP=1s CACHE_BYTES=67108864 BASELINE_RENDERS=3000
  MONOGRAM=.build/release/monogram OUT=bench-out DEADLINE=900 (seconds; the run is aborted past it)
  TABLE_DURATION=3s TABLE_CONNECTIONS=16 TABLE_CACHE_BYTES=16777216 TABLE_CELLS=<labels, comma-separated>
  ABUSE=1 (ABUSE=0 drops the abuse phase; see bench/abuse.py)
  NGINX=workers=1,sendfile=off,tcp_nopush=off,open_file_cache=on (the hit anchor's setup; access
  log always off) NGINX_SETUPS=<setups separated by ";"> LOOPS=0 (monogram's server.loops; 0: one
  per online CPU, i.e. 2 event loops on the one pinned core)
PIN=1 (the default) pins the servers (and the baseline) to CPU 0 and wrk to CPU 1; PIN=0 lets
everything share both cores.
Standard library only.
"""
import json
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pngpixels  # noqa: E402  (bench/pngpixels.py, next to this file)
import table  # noqa: E402  (bench/table.py, next to this file)
import abuse  # noqa: E402  (bench/abuse.py, next to this file)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH = os.path.join(ROOT, "bench")
HOT_PATH = "/avatar/Jane+Roe.png?shape=circle"
HOT_FILE = "avatar/Jane+Roe.png"  # nginx ignores the query string when mapping to a file
MIB = 1024 * 1024


def env(name, default):
    return os.environ.get(name, default)


ROUNDS = int(env("ROUNDS", "3"))
DURATION = env("DURATION", "10s")
CONNECTIONS = int(env("CONNECTIONS", "64"))
THREADS = int(env("THREADS", "2"))
PIN = env("PIN", "1") == "1"
WARMUP = env("WARMUP", "1s")
CACHE_BYTES = int(env("CACHE_BYTES", str(64 * MIB)))
BASELINE_RENDERS = int(env("BASELINE_RENDERS", "3000"))
KNOWN_SUBSETS = {"hits", "misses", "mixed", "access", "table", "abuse", "anchors"}
SUBSETS = {part.strip() for part in env("BENCH", "hits,misses,mixed,access,table,abuse").split(",") if part.strip()}
if env("ACCESS_LOG_RUN", "1") != "1":  # the older knob for the same thing
    SUBSETS.discard("access")
if env("ABUSE", "1") != "1":  # bench/abuse.py's knob
    SUBSETS.discard("abuse")
MONOGRAM = os.path.join(ROOT, env("MONOGRAM", ".build/release/monogram"))
LEGACY_CONFIG = env("LEGACY_CONFIG", "0") == "1"
OUT = os.path.join(ROOT, env("OUT", "bench-out"))
DEADLINE = time.monotonic() + float(env("DEADLINE", "900"))
CLK_TCK = os.sysconf("SC_CLK_TCK")
SERVER_CPU, CLIENT_CPU = ("0", "1")
# nginx's best setup on the one pinned core (docs/benchmarks.md, "Performance v3"): the anchor.
NGINX_SETUP = env("NGINX", "workers=1,sendfile=off,tcp_nopush=off,open_file_cache=on")
# sendfile off: one pread and one writev per hit; tcp_nopush on adds two setsockopt (cork,
# uncork), open_file_cache off an open, fstat and close (bench/syscalls.py counts them).
NGINX_SETUPS = [part.strip() for part in env("NGINX_SETUPS", ";".join([
    "workers=1,sendfile=off,tcp_nopush=off,open_file_cache=on",
    "workers=2,sendfile=off,tcp_nopush=off,open_file_cache=on",
    "workers=1,sendfile=on,tcp_nopush=off,open_file_cache=on",
    "workers=1,sendfile=on,tcp_nopush=on,open_file_cache=on",
    "workers=1,sendfile=off,tcp_nopush=off,open_file_cache=off"])).split(";") if part.strip()]
LOOPS = int(env("LOOPS", "0"))


class BenchError(Exception):
    pass


def seconds(text):
    match = re.fullmatch(r"(\d+(?:\.\d+)?)(ms|s|m)?", text)
    if not match:
        raise BenchError(f"not a duration: {text}")
    value, unit = float(match.group(1)), match.group(2) or "s"
    return value * {"ms": 0.001, "s": 1, "m": 60}[unit]


def pinned(command, cpu):
    return ["taskset", "-c", cpu] + command if PIN else command


def remaining():
    left = DEADLINE - time.monotonic()
    if left <= 0:
        raise BenchError("DEADLINE passed: aborting the run")
    return left


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port, what, timeout=10):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.05)
    raise BenchError(f"{what} did not start listening on {port}")


def fetch(port, path):
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as response:
            return response.read()
    except OSError as error:  # URLError and HTTPError are OSErrors
        raise BenchError(f"GET {path} on port {port}: {error}") from error


# ---- /proc accounting -------------------------------------------------------------------

def process_tree(pid):
    """pid and all its descendants (nginx: master + workers)."""
    pids, frontier = [pid], [pid]
    while frontier:
        parent = frontier.pop()
        try:
            with open(f"/proc/{parent}/task/{parent}/children") as f:
                children = [int(c) for c in f.read().split()]
        except OSError:
            children = []
        pids += children
        frontier += children
    return pids


def cpu_seconds(pid):
    """CPU time of pid and its descendants, all threads: the scheduler's nanosecond run time
    (/proc/<pid>/task/<tid>/schedstat), else utime + stime in clock ticks (10 ms steps)."""
    total = 0.0
    for p in process_tree(pid):
        try:
            tasks = os.listdir(f"/proc/{p}/task")
            total += sum(int(open(f"/proc/{p}/task/{t}/schedstat").read().split()[0]) for t in tasks) / 1e9
        except (OSError, ValueError, IndexError):
            try:
                with open(f"/proc/{p}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
                total += (int(fields[11]) + int(fields[12])) / CLK_TCK  # utime, stime (fields 14, 15)
            except OSError:
                pass
    return total


def memory_kib(pid, key):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(key + ":"):
                return int(line.split()[1])
    return 0


# ---- wrk ----------------------------------------------------------------------------------

UNITS = {"us": 1e-3, "ms": 1.0, "s": 1e3, "m": 6e4}


def latency_ms(text):
    match = re.fullmatch(r"([\d.]+)(us|ms|s|m)", text)
    return float(match.group(1)) * UNITS[match.group(2)]


# The miss workload's URLs (bench/unique.lua fills "{}"): the initials stay "JR" (the same
# picture as the C baseline; only the colour changes with the name) and every name is new.
MISS_TEMPLATE = "/avatar/Jane+Roe{}.png?shape=circle"


def wrk(port, path, script=None, script_args=(), duration=None, connections=None, threads=None, headers=()):
    duration = duration or DURATION
    command = ["wrk", "-t", str(threads or THREADS), "-c", str(connections or CONNECTIONS), "-d", duration,
               "--latency", "--timeout", "5s"]
    for header in headers:
        command += ["-H", header]
    if script:
        command += ["-s", os.path.join(BENCH, script)]
    command.append(f"http://127.0.0.1:{port}{path}")
    if script_args:
        command += ["--"] + list(script_args)
    budget = seconds(duration) + 30
    if budget > remaining():
        raise BenchError("DEADLINE would pass during the next wrk run: aborting")
    out = subprocess.run(pinned(command, CLIENT_CPU), capture_output=True, text=True, timeout=budget)
    if out.returncode != 0:
        raise BenchError(f"wrk failed: {out.stderr.strip() or out.stdout.strip()}")
    text = out.stdout
    result = {"rps": float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1)),
              "requests": int(re.search(r"(\d+) requests in", text).group(1))}
    for pct in ("50", "99"):
        match = re.search(rf"^\s+{pct}(?:\.000)?%\s+(\S+)", text, re.M)
        result[f"p{pct}"] = latency_ms(match.group(1)) if match else float("nan")
    bad = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", text)
    errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", text)
    result["non2xx"] = int(bad.group(1)) if bad else 0
    result["socket_errors"] = sum(int(g) for g in errors.groups()) if errors else 0
    return result


def measured(pid, port, path, **kwargs):
    """One wrk run with the server's CPU time (/proc utime+stime) over it."""
    before = cpu_seconds(pid)
    result = wrk(port, path, **kwargs)
    used = cpu_seconds(pid) - before
    result["cpu_us"] = used * 1e6 / max(result["requests"], 1)
    result["cpu_cores"] = used / seconds(kwargs.get("duration") or DURATION)
    return result


# ---- servers ------------------------------------------------------------------------------

class Monogram:
    def __init__(self, workdir, access_log=False, extra=None, name="main"):
        """`extra`: sections merged key by key over the bench configuration."""
        self.config = os.path.join(workdir, f"monogram-{os.getpid()}-{access_log}-{name}.json")
        config = {"server": {"host": "127.0.0.1", "port": 0, "max_connections": 4096},
                  "cache": {"max_bytes": CACHE_BYTES},
                  "render": {"workers": 2, "masks_dir": os.path.join(ROOT, "config/masks")},
                  "log": {"access": access_log}}
        # One load generator on one address: the per-client and per-network connection caps are not what these
        # phases measure (bench/abuse.py fairness sets it back). LEGACY_CONFIG=1 leaves out
        # keys a build from before issue 21 would refuse, to measure it the same way.
        if not LEGACY_CONFIG:
            config["limits"] = {"client_connections": 0, "network_connections": 0}
        if LOOPS:
            config["server"]["loops"] = LOOPS
        for section, keys in (extra or {}).items():
            config.setdefault(section, {}).update(keys)
        with open(self.config, "w") as f:
            json.dump(config, f)
        self.stdout_path = os.path.join(workdir, f"monogram-{name}.out")
        self.stdout = open(self.stdout_path, "wb")
        self.process = subprocess.Popen(pinned([MONOGRAM, "--config", self.config], SERVER_CPU),
                                        stdout=self.stdout, stderr=subprocess.PIPE, cwd=ROOT)
        self.pid = self.process.pid
        self.port = self._await_listening()

    def _await_listening(self):
        end = time.monotonic() + 15
        while time.monotonic() < end:
            if self.process.poll() is not None:
                raise BenchError(f"monogram exited: {self.process.stderr.read().decode()}")
            with open(self.stdout_path, "rb") as f:
                match = re.search(rb"listening on http://[^\s]+:(\d+)", f.read(4096))
            if match:
                return int(match.group(1))
            time.sleep(0.05)
        raise BenchError("monogram did not print its listening line")

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.stdout.close()
        os.unlink(self.stdout_path)


def nginx_setup(spec):
    """"workers=1,sendfile=on,..." → the template's values (unknown keys are an error)."""
    setup = {"workers": "1", "sendfile": "off", "tcp_nopush": "off", "open_file_cache": "on"}
    for part in filter(None, (p.strip() for p in spec.split(","))):
        key, _, value = part.partition("=")
        if key not in setup:
            raise BenchError(f"nginx setup: unknown key {key!r} in {spec!r}")
        setup[key] = value
    return setup


def describe_nginx(spec):
    s = nginx_setup(spec)
    workers = f"{s['workers']} worker{'s' if s['workers'] != '1' else ''}"
    return (f"nginx {workers}, sendfile {s['sendfile']}, tcp_nopush {s['tcp_nopush']}, "
            f"open_file_cache {s['open_file_cache']}, access_log off" + (", CPU 0" if PIN else ""))


FLOOR_DESCRIPTION = "bench/floor.c: 1 thread, level-triggered epoll, a read and a write per request" + (", CPU 0" if PIN else "")


def describe_monogram():
    loops = LOOPS or os.cpu_count()
    return f"monogram server.loops {loops}{' (one per online CPU)' if not LOOPS else ''}" + (", CPU 0" if PIN else "")


class Nginx:
    def __init__(self, workdir, png, spec=None):
        setup = nginx_setup(spec or NGINX_SETUP)
        self.prefix = os.path.join(workdir, "nginx")
        os.makedirs(os.path.join(self.prefix, "tmp"), exist_ok=True)
        target = os.path.join(self.prefix, "www", HOT_FILE)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "wb") as f:
            f.write(png)
        self.port = free_port()
        with open(os.path.join(BENCH, "nginx.conf.template")) as f:
            conf = f.read()
        cache = ("open_file_cache max=100 inactive=60s;\n    open_file_cache_valid 60s;"
                 if setup["open_file_cache"] == "on" else "open_file_cache off;")
        for key, value in (("@PREFIX@", self.prefix), ("@PORT@", str(self.port)), ("@WORKERS@", setup["workers"]),
                           ("@SENDFILE@", setup["sendfile"]), ("@TCP_NOPUSH@", setup["tcp_nopush"]),
                           ("@OPEN_FILE_CACHE@", cache)):
            conf = conf.replace(key, value)
        conf_path = os.path.join(self.prefix, "nginx.conf")
        with open(conf_path, "w") as f:
            f.write(conf)
        nginx = shutil.which("nginx") or "/usr/sbin/nginx"
        self.process = subprocess.Popen(
            pinned([nginx, "-p", self.prefix, "-c", conf_path, "-e", os.path.join(self.prefix, "error.log")],
                   SERVER_CPU), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        self.pid = self.process.pid
        wait_for_port(self.port, "nginx")
        if fetch(self.port, HOT_PATH) != png:
            raise BenchError("nginx does not serve the same bytes as monogram")

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGQUIT)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def raw_response(port, path):
    """The exact bytes (head and body) of one answer to the request wrk sends."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = sock.recv(65536)
            if not chunk:
                raise BenchError("the server closed before the head")
            data += chunk
        head, body = data.split(b"\r\n\r\n", 1)
        length = int(re.search(rb"(?i)\r\ncontent-length: *(\d+)", head).group(1))
        while len(body) < length:
            chunk = sock.recv(65536)
            if not chunk:
                raise BenchError("the server closed before the body's end")
            body += chunk
        return head + b"\r\n\r\n" + body[:length]


def build_floor():
    binary = os.path.join(OUT, "floor")
    subprocess.run(["cc", "-O2", "-o", binary, os.path.join(BENCH, "floor.c")], check=True)
    return binary


class Floor:
    """bench/floor.c serving `response` (the bytes of one Monogram hit) to every request."""
    def __init__(self, workdir, binary, response, png):
        path = os.path.join(workdir, "floor-response.bin")
        with open(path, "wb") as f:
            f.write(response)
        self.stdout_path = os.path.join(workdir, "floor.out")
        self.stdout = open(self.stdout_path, "wb")
        self.process = subprocess.Popen(pinned([binary, "-r", path], SERVER_CPU), stdout=self.stdout,
                                        stderr=subprocess.PIPE)
        self.pid = self.process.pid
        end = time.monotonic() + 10
        self.port = None
        while self.port is None and time.monotonic() < end:
            if self.process.poll() is not None:
                raise BenchError(f"floor exited: {self.process.stderr.read().decode()}")
            match = re.search(rb"listening on http://[^\s]+:(\d+)", open(self.stdout_path, "rb").read())
            self.port = int(match.group(1)) if match else None
            time.sleep(0.02)
        if self.port is None or fetch(self.port, HOT_PATH) != png:
            raise BenchError("the floor does not serve the same bytes as monogram")

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.stdout.close()


# ---- the C baseline -----------------------------------------------------------------------

def build_baseline():
    binary = os.path.join(OUT, "baseline")
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "pangocairo", "libpng"],
                           capture_output=True, text=True, check=True).stdout.split()
    subprocess.run(["cc", "-O2", "-o", binary, os.path.join(BENCH, "baseline.c")] + flags + ["-lpthread"],
                   check=True)
    return binary


def run_baseline(binary, background_hex, expected_png, workdir):
    threads = "1" if PIN else "1,2"
    sample = os.path.join(workdir, "baseline.png")
    out = subprocess.run(pinned([binary, "-n", str(BASELINE_RENDERS), "-t", threads, "-b", background_hex,
                                 "-o", sample], SERVER_CPU),
                         capture_output=True, text=True, check=True, timeout=min(120, remaining()))
    with open(sample, "rb") as f:
        same = pngpixels.rgba(f.read()) == pngpixels.rgba(expected_png)
    rates = {}
    for t, r, c in re.findall(r"threads=(\d+) .*renders_per_s=([\d.]+) cpu_us_per_render=([\d.]+)", out.stdout):
        rates[int(t)] = (float(r), float(c))
    return rates, same


# ---- the run ------------------------------------------------------------------------------

PHASES = ["nginx-hit", "floor-hit", "hit", "miss", "mixed"]
METRICS = ["rps", "p50", "p99", "cpu_us", "cpu_cores", "rss_mib", "non2xx", "socket_errors"]


def one_round(number, workdir, baseline_binary, floor_binary, results):
    print(f"round {number}/{ROUNDS}", flush=True)
    server = Monogram(workdir)
    nginx = None
    try:
        png = fetch(server.port, HOT_PATH)
        colour = json.loads(fetch(server.port, HOT_PATH.replace(".png", ".json")))["background"]
        if "hits" in SUBSETS:
            nginx = Nginx(workdir, png)
            wrk(nginx.port, HOT_PATH, duration=WARMUP)
            phase = measured(nginx.pid, nginx.port, HOT_PATH)
            phase["rss_mib"] = sum(memory_kib(p, "VmRSS") for p in process_tree(nginx.pid)) / 1024
            results["nginx-hit"].append(phase)
            print(f"  {'nginx':6} {phase['rps']:>10.0f} req/s  {phase['cpu_us']:7.1f} µs/req", flush=True)
            nginx.stop()
            nginx = Floor(workdir, floor_binary, raw_response(server.port, HOT_PATH), png)
            wrk(nginx.port, HOT_PATH, duration=WARMUP)
            phase = measured(nginx.pid, nginx.port, HOT_PATH)
            phase["rss_mib"] = memory_kib(nginx.pid, "VmRSS") / 1024
            results["floor-hit"].append(phase)
            print(f"  {'floor':6} {phase['rps']:>10.0f} req/s  {phase['cpu_us']:7.1f} µs/req", flush=True)
            nginx.stop()
            nginx = None

        wrk(server.port, HOT_PATH, duration=WARMUP)
        wanted = [("hit", None, (), "hits"), ("miss", "unique.lua", (f"r{number}", MISS_TEMPLATE), "misses"),
                  ("mixed", "mixed.lua", (f"r{number}",), "mixed")]
        for name, script, script_args, subset in wanted:
            if subset not in SUBSETS:
                continue
            phase = measured(server.pid, server.port, HOT_PATH, script=script, script_args=script_args)
            phase["rss_mib"] = memory_kib(server.pid, "VmRSS") / 1024
            results[name].append(phase)
            print(f"  {name:6} {phase['rps']:>10.0f} req/s  {phase['cpu_us']:7.1f} µs/req", flush=True)
        results["hwm_mib"].append(memory_kib(server.pid, "VmHWM") / 1024)
        # RSS counts file pages too (the binary, and font files that FreeType maps: Noto CJK
        # alone is tens of MiB); RssAnon is the memory the process itself allocated.
        results["anon_mib"].append(memory_kib(server.pid, "RssAnon") / 1024)
        # Every miss request and about a tenth of the mixed ones stored a new PNG of about this size.
        uniques = sum(r[-1]["requests"] for r in [results["miss"]] if r and "misses" in SUBSETS)
        uniques += results["mixed"][-1]["requests"] // 10 if "mixed" in SUBSETS else 0
        results["stored_mib"].append(min(uniques * len(png), CACHE_BYTES) / MIB)
    finally:
        if nginx:
            nginx.stop()
        server.stop()
    if "misses" in SUBSETS:
        rates, same = run_baseline(baseline_binary, colour.lstrip("#"), png, workdir)
        results["baseline"].append(rates)
        results["baseline_identical"].append(same)
    line = round_ratios(results, -1)
    if line:
        print("  ratios: " + line, flush=True)


def round_ratios(results, index):
    """The headline ratios of one round, as one line."""
    parts = []
    try:
        if "hits" in SUBSETS:
            hit, nginx = results["hit"][index], results["nginx-hit"][index]
            parts.append(f"hit/nginx req/s {hit['rps'] / nginx['rps']:.2f}")
            parts.append(f"nginx/hit CPU {nginx['cpu_us'] / hit['cpu_us']:.2f}")
            parts.append(f"hit/nginx p99 {hit['p99'] / nginx['p99']:.2f}")
            floor = results["floor-hit"][index]
            parts.append(f"hit/floor req/s {hit['rps'] / floor['rps']:.2f}")
            parts.append(f"nginx/floor req/s {nginx['rps'] / floor['rps']:.2f}")
        if "misses" in SUBSETS:
            miss, base = results["miss"][index], results["baseline"][index]
            threads = 1 if PIN else 2
            if threads in base:
                parts.append(f"miss/C req/s ({threads} core{'s' if threads > 1 else ''}) "
                             f"{miss['rps'] / base[threads][0]:.2f}")
            if 1 in base:
                parts.append(f"C/miss CPU {base[1][1] / miss['cpu_us']:.2f}")
    except (IndexError, KeyError, ZeroDivisionError):
        pass
    return ", ".join(parts)


def anchors_run(workdir, floor_binary):
    """Every NGINX_SETUPS entry, the floor and monogram with server.loops 1 and 2 on the hot URL,
    the same wrk load each, interleaved round by round (so a change in the machine's load hits
    them all alike): the measurement behind the choice of NGINX and LOOPS."""
    global LOOPS
    server = Monogram(workdir, name="anchors")
    try:
        png, response = fetch(server.port, HOT_PATH), raw_response(server.port, HOT_PATH)
    finally:
        server.stop()
    variants = [(describe_nginx(spec), "nginx", spec) for spec in NGINX_SETUPS]
    variants.append((FLOOR_DESCRIPTION, "floor", None))
    saved = LOOPS
    for loops in (1, 2):
        LOOPS = loops
        variants.append((describe_monogram(), "monogram", loops))
    LOOPS = saved
    rows = {label: [] for label, _, _ in variants}
    for number in range(ROUNDS):
        print(f"  anchors round {number + 1}/{ROUNDS}", flush=True)
        for label, kind, arg in variants:
            if kind == "nginx":
                process = Nginx(workdir, png, arg)
            elif kind == "floor":
                process = Floor(workdir, floor_binary, response, png)
            else:
                LOOPS = arg
                try:
                    process = Monogram(workdir, name=f"loops{arg}")
                finally:
                    LOOPS = saved
                fetch(process.port, HOT_PATH)
            try:
                wrk(process.port, HOT_PATH, duration=WARMUP)
                phase = measured(process.pid, process.port, HOT_PATH)
            finally:
                process.stop()
            rows[label].append(phase)
            print(f"    {phase['rps']:>9.0f} req/s {phase['cpu_us']:6.1f} µs/req  {label}", flush=True)
    return rows


def anchors_report(rows):
    lines = [f"Anchors on the hot URL ({ROUNDS} rounds interleaved, wrk -t {THREADS} -c {CONNECTIONS} -d {DURATION}; "
             "medians, min–max):", "",
             "| setup | req/s | server CPU µs/req | p99 ms | rounds |", "|---|---:|---:|---:|---|"]
    for label, phases in rows.items():
        def cell(metric, digits):
            values = [p[metric] for p in phases]
            return f"{fmt(median(values), digits)} ({fmt(min(values), digits)}–{fmt(max(values), digits)})" if values else "n/a"
        lines.append(f"| {label} | {cell('rps', 0)} | {cell('cpu_us', 1)} | {cell('p99', 2)} | "
                     + ", ".join(f"{p['rps']:.0f}" for p in phases) + " |")
    return "\n".join(lines)


def access_log_round(workdir):
    server = Monogram(workdir, access_log=True)
    try:
        fetch(server.port, HOT_PATH)
        wrk(server.port, HOT_PATH, duration=WARMUP)
        phase = measured(server.pid, server.port, HOT_PATH)
        phase["rss_mib"] = memory_kib(server.pid, "VmRSS") / 1024
        return phase
    finally:
        server.stop()


def median(values):
    values = [v for v in values if v == v]
    return statistics.median(values) if values else float("nan")


def summarise(results):
    table = {}
    for name in PHASES:
        rows = results[name]
        table[name] = {m: median([r.get(m, float("nan")) for r in rows]) for m in METRICS}
    nan = (float("nan"), float("nan"))
    base = {t: median([r.get(t, nan)[0] for r in results["baseline"]]) for t in (1, 2)}
    base_cpu = {t: median([r.get(t, nan)[1] for r in results["baseline"]]) for t in (1, 2)}
    return table, base, base_cpu, median(results["hwm_mib"])


def fmt(value, digits=0):
    return "n/a" if value != value else f"{value:,.{digits}f}"


def verdict(value, goal, stretch, higher_is_better=True):
    """Goals of issue 17: `goal` must be met; `stretch` is the raised goal."""
    if value != value:
        return "n/a"
    ok = (lambda v, t: v >= t) if higher_is_better else (lambda v, t: v <= t)
    if ok(value, stretch) and stretch != goal:
        return "stretch goal met"
    return "goal met" if ok(value, goal) else "**goal NOT met**"


def safe_ratio(a, b):
    return a / b if b and b == b and a == a else float("nan")


def report(results, access, elapsed):
    table, base, base_cpu, hwm = summarise(results)
    hit, nginx, miss = table["hit"], table["nginx-hit"], table["miss"]
    lines = []
    lines.append(f"Settings: BENCH={','.join(sorted(SUBSETS))} ROUNDS={ROUNDS} DURATION={DURATION} "
                 f"CONNECTIONS={CONNECTIONS} THREADS={THREADS} PIN={int(PIN)} CACHE_BYTES={CACHE_BYTES} "
                 f"BASELINE_RENDERS={BASELINE_RENDERS}; medians of {ROUNDS} round(s); run took {elapsed:.0f} s")
    lines.append("")
    lines.append("| workload | req/s | p50 ms | p99 ms | server CPU µs/req | server cores busy | RSS MiB at end | non-2xx | socket errors |")
    lines.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    labels = {"nginx-hit": f"nginx static file (hit anchor: {describe_nginx(NGINX_SETUP)})",
              "floor-hit": f"floor (the same bytes: {FLOOR_DESCRIPTION})",
              "hit": f"monogram hit (one URL; {describe_monogram()})",
              "miss": "monogram miss (unique names)", "mixed": "monogram mixed 90% hit / 10% miss"}
    rows = [(labels[n], table[n]) for n in PHASES if results[n]]
    if access:
        rows.append(("monogram hit, access log on", access))
    for label, r in rows:
        lines.append(f"| {label} | {fmt(r['rps'])} | {fmt(r['p50'], 2)} | {fmt(r['p99'], 2)} | "
                     f"{fmt(r['cpu_us'], 1)} | {fmt(r['cpu_cores'], 2)} | {fmt(r['rss_mib'], 1)} | "
                     f"{fmt(r['non2xx'])} | {fmt(r['socket_errors'])} |")
    if results["baseline"]:
        lines.append("")
        lines.append("| C baseline (pangocairo + libpng level 1, no filter) | renders/s | CPU µs/render |")
        lines.append("|---|---:|---:|")
        for t in (1, 2):
            if base[t] == base[t]:
                lines.append(f"| {t} thread{'s' if t > 1 else ''} | {fmt(base[t])} | {fmt(base_cpu[t], 1)} |")
        identical = all(results["baseline_identical"])
        lines.append("")
        lines.append(f"Baseline PNG pixel-identical to Monogram's (decoded and compared): {'yes' if identical else 'NO'}.")
    lines.append("")
    lines.append(f"monogram VmHWM (peak RSS, whole round): {fmt(hwm, 1)} MiB; PNG bytes the cache had to "
                 f"hold by the end of a round: ~{fmt(median(results['stored_mib']), 1)} of {fmt(CACHE_BYTES / MIB, 1)} MiB "
                 f"(the RSS check only bites when the cache is full: lower CACHE_BYTES to force it).")
    lines.append("")
    per_round = [round_ratios(results, i) for i in range(ROUNDS)]
    lines.append("Per round: " + "; ".join(f"{i + 1}: {line}" for i, line in enumerate(per_round) if line))
    lines.append("")
    threads = 1 if PIN else 2
    per_core = base[threads]
    ratios = []

    def rounds_of(fn):
        values = []
        for i in range(ROUNDS):
            try:
                values.append(fn(i))
            except (IndexError, KeyError, ZeroDivisionError):
                pass
        return values

    def per(key, metric, other, other_metric=None):
        return rounds_of(lambda i: results[key][i][metric] / results[other][i][other_metric or metric])

    nginx_conf, floor_conf = describe_nginx(NGINX_SETUP), FLOOR_DESCRIPTION
    if results["hit"] and results["nginx-hit"]:
        ratios += [
            ("hit req/s ÷ nginx req/s", safe_ratio(hit["rps"], nginx["rps"]), per("hit", "rps", "nginx-hit"),
             nginx_conf, "≥ 1.5 (issue 26)", verdict(safe_ratio(hit["rps"], nginx["rps"]), 1.5, 1.5)),
            ("nginx server CPU µs/req ÷ hit server CPU µs/req", safe_ratio(nginx["cpu_us"], hit["cpu_us"]),
             per("nginx-hit", "cpu_us", "hit"), nginx_conf, "(context: ≥ 1.5 when the server core is the bottleneck)", ""),
            ("hit p99 ÷ nginx p99", safe_ratio(hit["p99"], nginx["p99"]), per("hit", "p99", "nginx-hit"),
             nginx_conf, "≤ 1.0 (issue 26)", verdict(safe_ratio(hit["p99"], nginx["p99"]), 1.0, 1.0, False)),
        ]
    if results["hit"] and results["floor-hit"]:
        floor = table["floor-hit"]
        ratios += [
            ("hit req/s ÷ floor req/s", safe_ratio(hit["rps"], floor["rps"]), per("hit", "rps", "floor-hit"),
             floor_conf, "(context: the ceiling is 1.0)", ""),
            ("floor server CPU µs/req ÷ hit server CPU µs/req", safe_ratio(floor["cpu_us"], hit["cpu_us"]),
             per("floor-hit", "cpu_us", "hit"), floor_conf, "(context)", ""),
            ("nginx req/s ÷ floor req/s", safe_ratio(nginx["rps"], floor["rps"]), per("nginx-hit", "rps", "floor-hit"),
             f"{nginx_conf}; {floor_conf}", "(context)", ""),
        ]
    if results["miss"] and results["baseline"]:
        label = "1 thread, both on one pinned core" if PIN else "2 threads, unpinned"
        base_conf = (f"bench/baseline.c, {threads} thread{'s' if threads > 1 else ''}: pangocairo + libpng level 1, "
                     "no filter" + (", CPU 0" if PIN else ""))
        ratios += [
            (f"miss req/s ÷ C loop renders/s ({label})", safe_ratio(miss["rps"], per_core),
             rounds_of(lambda i: results["miss"][i]["rps"] / results["baseline"][i][threads][0]), base_conf,
             "≥ 2.5 (issue 26)", verdict(safe_ratio(miss["rps"], per_core), 2.5, 2.5)),
            ("C loop CPU µs/render (1 thread) ÷ miss server CPU µs/req", safe_ratio(base_cpu[1], miss["cpu_us"]),
             rounds_of(lambda i: results["baseline"][i][1][1] / results["miss"][i]["cpu_us"]), base_conf,
             "≥ 2.5 (issue 26)", verdict(safe_ratio(base_cpu[1], miss["cpu_us"]), 2.5, 2.5)),
        ]
        if not PIN and base[1] == base[1]:
            ratios.append(("C loop scaling: 2 threads ÷ (2 × 1 thread)", base[2] / (2 * base[1]), [], base_conf, "(context)", ""))
    ratios.append(("peak RSS (VmHWM) − cache bytes", hwm - CACHE_BYTES / MIB, [], "", "≤ 32 MiB (issue 26)",
                   verdict(hwm - CACHE_BYTES / MIB, 32, 32, False)
                   if median(results["stored_mib"]) >= 0.99 * CACHE_BYTES / MIB else "not tested: the cache never filled"))
    if results.get("anon_mib"):
        ratios.append(("RssAnon at end of round − cache bytes", median(results["anon_mib"]) - CACHE_BYTES / MIB, [], "", "(context)", ""))
    if access and results["hit"]:
        ratios.append(("hit req/s with access log ÷ without", access["rps"] / hit["rps"], [], "", "(context)", ""))
    lines.append("| ratio | median | per round (spread) | anchor's configuration | goal | verdict |")
    lines.append("|---|---:|---|---|---|---|")
    for name, value, rounds, conf, goal, v in ratios:
        spread = (", ".join(f"{r:.2f}" for r in rounds) + (f" (±{(max(rounds) - min(rounds)) / 2 / value * 100:.0f}%)"
                  if len(rounds) > 1 and value == value and value else "")) if rounds else ""
        lines.append(f"| {name} | {fmt(value, 2)} | {spread} | {conf} | {goal} | {v} |")
    return "\n".join(lines)


def main():
    if not os.access(MONOGRAM, os.X_OK):
        sys.exit(f"bench: {MONOGRAM} missing; run `make build` (or `make bench`) first")
    unknown = SUBSETS - KNOWN_SUBSETS
    if unknown:
        sys.exit(f"bench: BENCH names unknown parts {sorted(unknown)}; known: {','.join(sorted(KNOWN_SUBSETS))}")
    for tool in ("wrk", "pkg-config", "cc") + (("taskset",) if PIN else ()):
        if not shutil.which(tool):
            sys.exit(f"bench: `{tool}` not found; run `make deps`")
    if not (shutil.which("nginx") or os.path.exists("/usr/sbin/nginx")):
        sys.exit("bench: nginx not found; run `make deps`")
    os.makedirs(OUT, exist_ok=True)
    started = time.monotonic()
    load = open("/proc/loadavg").read().split()[:3]
    results = {k: [] for k in PHASES + ["baseline", "baseline_identical", "hwm_mib", "anon_mib", "stored_mib"]}
    results["anchors"] = {}
    access = None
    rounds = SUBSETS & {"hits", "misses", "mixed"}
    with tempfile.TemporaryDirectory(prefix="monogram-bench-") as workdir:
        os.chmod(workdir, 0o755)  # nginx workers drop root and must reach the docroot
        baseline_binary = build_baseline() if "misses" in SUBSETS else None
        floor_binary = build_floor() if SUBSETS & {"hits", "anchors"} else None
        try:
            for number in range(1, ROUNDS + 1 if rounds else 1):
                one_round(number, workdir, baseline_binary, floor_binary, results)
            if "anchors" in SUBSETS:
                print("anchors: nginx setups, the floor, monogram's loops", flush=True)
                results["anchors"] = anchors_run(workdir, floor_binary)
            if "access" in SUBSETS:
                print("access log on", flush=True)
                access = access_log_round(workdir)
            if "table" in SUBSETS:
                print("table: cost against work", flush=True)
                results["table"] = table.run(sys.modules[__name__], workdir)
            if "abuse" in SUBSETS:
                print("abuse", flush=True)
                results["abuse"] = abuse.run(sys.modules[__name__], workdir)
        except BenchError as error:
            sys.exit(f"bench: {error}")
    text = report(results, access, time.monotonic() - started) if rounds else ""
    if "anchors" in SUBSETS:
        text += "\n\n" + anchors_report(results["anchors"])
    if "table" in SUBSETS:
        text += "\n\n" + table.report(results["table"])
    if "abuse" in SUBSETS:
        text += "\n" + abuse.report(results["abuse"])
    header = (f"Machine: {os.cpu_count()} CPUs, {platform_line()}; load average before the run: "
              f"{' '.join(load)}, after: {' '.join(open('/proc/loadavg').read().split()[:3])}; "
              f"date: {time.strftime('%Y-%m-%d %H:%M %Z')}")
    output = header + "\n" + text + "\n"
    print()
    print(output)
    with open(os.path.join(OUT, "results.md"), "w") as f:
        f.write(output)
    with open(os.path.join(OUT, "raw.json"), "w") as f:
        json.dump({"results": results, "access_log": access}, f, indent=1)
    print(f"(written to {os.path.relpath(OUT, ROOT)}/results.md and raw.json)")


def platform_line():
    model = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{model}, Linux {os.uname().release}"


if __name__ == "__main__":
    main()
