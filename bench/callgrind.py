#!/usr/bin/env python3
"""Instruction counts per request, for a profile that is repeatable on a busy machine (this VM
exposes no hardware counters to `perf stat`; callgrind counts instructions itself).

    bench/callgrind.py hit [requests]             one URL, a cache hit per request
    bench/callgrind.py miss [requests] [QUERY]    a unique name per request, e.g. "size=32"
    bench/callgrind.py url [requests] TEMPLATE    any template, "{}" replaced per request

Environment: CONFIG, JSON merged over the server's configuration (one level deep per section),
e.g. '{"limits": {"client_renders_per_second": 0.001, "client_burst": 1}}'; STATUS, the status
every measured request must get (default 200; 429 with that CONFIG measures refusals).

Starts the release monogram under `valgrind --tool=callgrind` with collection off, warms it up,
switches collection on (callgrind_control -i on), sends the requests one after another on one
keep-alive connection, switches it off and dumps. Prints instructions (Ir) per request for the
whole process and the functions with the largest inclusive and self counts. Output files:
bench-out/callgrind-<kind>.out (open with kcachegrind or callgrind_annotate) and .txt.
Not part of `make bench` or `make test`; standard library plus valgrind.
"""
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, os.environ.get("OUT", "bench-out"))
MONOGRAM = os.path.join(ROOT, os.environ.get("MONOGRAM", ".build/release/monogram"))
HOT = "/avatar/Jane+Roe.png?shape=circle"


EXPECTED = int(os.environ.get("STATUS", "200"))


def request(sock, path, expected=200):
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: bench\r\n\r\n".encode())
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            raise SystemExit("connection closed")
        data += chunk
    head, body = data.split(b"\r\n\r\n", 1)
    status = int(head.split(b" ", 2)[1])
    length = int(re.search(rb"(?i)content-length: *(\d+)", head).group(1))
    while len(body) < length:
        body += sock.recv(65536)
    if expected is not None and status != expected:
        raise SystemExit(f"GET {path}: {status}")
    return body


def main():
    kind = sys.argv[1] if len(sys.argv) > 1 else "hit"
    count = int(sys.argv[2]) if len(sys.argv) > 2 else (2000 if kind == "hit" else 300)
    if kind == "hit":
        template = HOT
    elif kind == "miss":
        query = sys.argv[3] if len(sys.argv) > 3 else "size=32"
        template = "/avatar/Jane+Roe{}.png?" + query
    else:
        template = sys.argv[3]
    label = os.environ.get("LABEL", kind if kind == "hit" else re.sub(r"[^A-Za-z0-9]+", "-", template).strip("-")[:60])
    os.makedirs(OUT, exist_ok=True)
    # valgrind 3.19 cannot read the DWARF 5 the Swift toolchain writes: profile a copy without
    # debug sections (the symbol table stays, so functions keep their names).
    binary = os.path.join(OUT, "monogram-nodebug")
    subprocess.run(["objcopy", "--strip-debug", MONOGRAM, binary], check=True)
    data = os.path.join(OUT, f"callgrind-{label}.out")
    workdir = tempfile.mkdtemp(prefix="monogram-callgrind-")
    config = os.path.join(workdir, "config.json")
    settings = {"server": {"host": "127.0.0.1", "port": 0}, "render": {"workers": 1}, "log": {"access": False}}
    for section, values in json.loads(os.environ.get("CONFIG", "{}")).items():
        settings.setdefault(section, {}).update(values)
    with open(config, "w") as f:
        json.dump(settings, f)
    log_path = os.path.join(workdir, "out")
    log = open(log_path, "wb")
    process = subprocess.Popen(["valgrind", "--tool=callgrind", "--instr-atstart=no",
                                f"--callgrind-out-file={data}", binary, "--config", config],
                               stdout=log, stderr=subprocess.STDOUT, cwd=ROOT)
    try:
        port = None
        for _ in range(1200):
            match = re.search(rb"listening on http://[^\s]+:(\d+)", open(log_path, "rb").read())
            if match:
                port = int(match.group(1))
                break
            if process.poll() is not None:
                raise SystemExit(open(log_path).read())
            time.sleep(0.1)
        if port is None:
            raise SystemExit("monogram did not start under valgrind")
        sock = socket.create_connection(("127.0.0.1", port))
        for i in range(max(20, count // 10)):  # warm-up: fonts, caches, allocator
            request(sock, template.replace("{}", f"w{i}"), expected=None)
        subprocess.run(["callgrind_control", "-i", "on", str(process.pid)], check=True, capture_output=True)
        for i in range(count):
            request(sock, template.replace("{}", f"m{i}"), expected=EXPECTED)
        subprocess.run(["callgrind_control", "-i", "off", str(process.pid)], check=True, capture_output=True)
        subprocess.run(["callgrind_control", "-d", str(process.pid)], check=True, capture_output=True)
        sock.close()
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            process.kill()
    dumps = sorted(f for f in os.listdir(OUT) if f.startswith(os.path.basename(data)))
    # callgrind_control -d writes <file>.1 (the dump) and the exit writes <file> (nothing after off).
    dump = os.path.join(OUT, next((f for f in dumps if f != os.path.basename(data)), os.path.basename(data)))
    annotate = subprocess.run(["callgrind_annotate", "--inclusive=yes", dump], capture_output=True, text=True).stdout
    self_ = subprocess.run(["callgrind_annotate", dump], capture_output=True, text=True).stdout
    total = int(re.search(r"([\d,]+) +\(100\.0%\) +PROGRAM TOTALS", annotate).group(1).replace(",", ""))
    demangle = lambda text: subprocess.run(["swift", "demangle", "--simplified", "--compact"], input=text,
                                           capture_output=True, text=True).stdout or text
    lines = [f"{label}: {count} requests of {template}; {total:,} Ir in all, {total / count:,.0f} Ir per request", ""]
    lines.append("inclusive (top 45):")
    lines += [ln[:200] for ln in demangle("\n".join(re.findall(r"^ *[\d,]+ .*$", annotate.split("file:function", 1)[-1], re.M)[:45])).splitlines()]
    lines.append("")
    lines.append("self (top 35):")
    lines += [ln[:200] for ln in demangle("\n".join(re.findall(r"^ *[\d,]+ .*$", self_.split("file:function", 1)[-1], re.M)[:35])).splitlines()]
    text = "\n".join(lines) + "\n"
    with open(os.path.join(OUT, f"callgrind-{label}.txt"), "w") as f:
        f.write(text)
    print(text)


if __name__ == "__main__":
    main()
