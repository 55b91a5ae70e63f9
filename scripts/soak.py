#!/usr/bin/env python3
"""Soak test: N minutes of mixed loopback load against a fresh monogram, sampling RSS and open
descriptors every few seconds (stdlib only). Writes docs/soak-latest.csv and prints a summary.

Mix per connection loop: cache hits (a fixed set of names), misses (unique names), client
errors (bad parameters, unknown routes), garbage bytes, abrupt closes and half-closes.
Passes when RSS stays under cache bound + fixed overhead and descriptors return to baseline.
"""
import argparse, json, os, random, socket, subprocess, sys, tempfile, threading, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def status_of(pid):
    rss = 0
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1]) * 1024
    return rss, len(os.listdir(f"/proc/{pid}/fd"))


def one_request(port, rng, counts):
    kind = rng.choices(["hit", "miss", "error", "garbage", "abort", "halfclose"], [50, 25, 10, 5, 5, 5])[0]
    try:
        s = socket.create_connection(("127.0.0.1", port), timeout=10)
        if kind in ("hit", "halfclose"):
            target = f"/avatar/Hit{rng.randrange(200)}?size={rng.choice([32, 64, 128])}"
        elif kind == "miss":
            target = f"/avatar/Miss{rng.getrandbits(48)}.{rng.choice(['png', 'svg', 'json'])}?size={rng.randrange(16, 257)}"
        elif kind == "error":
            target = rng.choice(["/avatar/X?size=9999", "/nope", "/avatar/%ZZ", "/avatar/X?dpr=7&dpr=1"])
        if kind == "garbage":
            s.sendall(bytes(rng.getrandbits(8) for _ in range(rng.randrange(1, 600))) + b"\r\n\r\n")
        elif kind == "abort":
            s.sendall(b"GET /avatar/Abort HTTP/1.1\r\nHo")
        else:
            s.sendall(f"GET {target} HTTP/1.1\r\nHost: soak\r\nConnection: close\r\n\r\n".encode())
            if kind == "halfclose":
                s.shutdown(socket.SHUT_WR)
            while s.recv(65536):
                pass
        s.close()
        counts[kind] = counts.get(kind, 0) + 1
    except OSError:
        counts["oserror"] = counts.get("oserror", 0) + 1


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--minutes", type=float, default=2)
    ap.add_argument("--binary", default=os.path.join(ROOT, ".build/release/monogram"))
    ap.add_argument("--clients", type=int, default=8)
    ap.add_argument("--interval", type=float, default=5)
    ap.add_argument("--cache-bytes", type=int, default=8 << 20)
    # Measured plateau 71.6 MiB with an 8 MiB cache (debug build); see docs/hardening.md.
    ap.add_argument("--overhead", type=int, default=72 << 20, help="documented fixed overhead over the cache bound")
    ap.add_argument("--csv", default=os.path.join(ROOT, "docs/soak-latest.csv"))
    args = ap.parse_args()

    tmp = tempfile.mkdtemp(prefix="monogram-soak-")
    config = {"server": {"host": "127.0.0.1", "port": 0, "read_header_timeout": 2, "idle_timeout": 2},
              "render": {"masks_dir": os.path.join(ROOT, "config/masks")},
              "cache": {"max_bytes": args.cache_bytes}}
    with open(os.path.join(tmp, "monogram.json"), "w") as f:
        json.dump(config, f)
    server = subprocess.Popen([args.binary, "--config", os.path.join(tmp, "monogram.json")],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    port = None
    for line in server.stdout:
        if "listening on http://" in line:
            port = int(line.rsplit(":", 1)[1])
            break
    if port is None:
        sys.exit("monogram did not start")
    threading.Thread(target=lambda: [None for _ in server.stdout], daemon=True).start()  # drain access log

    # Baseline after one request of each kind: fonts opened by the first render stay open and
    # are fixed overhead, not connections.
    warm = random.Random(0)
    for _ in range(50):
        one_request(port, warm, {})
    deadline = time.time() + 10
    while time.time() < deadline and status_of(server.pid)[1] > 14:
        time.sleep(0.2)
    baseline_rss, baseline_fds = status_of(server.pid)
    stop = time.time() + args.minutes * 60
    counts = {}

    def loop(seed):
        rng = random.Random(seed)
        while time.time() < stop:
            one_request(port, rng, counts)

    workers = [threading.Thread(target=loop, args=(i,), daemon=True) for i in range(args.clients)]
    for w in workers:
        w.start()
    rows = [("seconds", "rss_mib", "fds")]
    start = time.time()
    while time.time() < stop:
        rss, fds = status_of(server.pid)
        rows.append((round(time.time() - start), round(rss / 2**20, 1), fds))
        time.sleep(args.interval)
    for w in workers:
        w.join()
    # Idle-timeout lingering connections close within idle_timeout + linger (2 s + 2 s).
    deadline = time.time() + 10
    while time.time() < deadline and status_of(server.pid)[1] > baseline_fds:
        time.sleep(0.2)
    rss, fds = status_of(server.pid)
    rows.append((round(time.time() - start), round(rss / 2**20, 1), fds))
    server.terminate()
    code = server.wait(timeout=15)

    with open(args.csv, "w") as f:
        f.write("\n".join(",".join(map(str, r)) for r in rows) + "\n")
    peak = max(r[1] for r in rows[1:])
    bound = (args.cache_bytes + args.overhead) / 2**20
    print(f"requests: {sum(v for k, v in counts.items())} {counts}")
    print(f"baseline: rss {baseline_rss / 2**20:.1f} MiB, fds {baseline_fds}; peak rss {peak} MiB (bound {bound:.0f}); final fds {fds}; exit {code}")
    ok = peak <= bound and fds <= baseline_fds and code == 0
    print("PASS" if ok else "FAIL")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
