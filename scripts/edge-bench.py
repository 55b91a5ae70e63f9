#!/usr/bin/env python3
"""Edge figures for docs/benchmarks.md (API §9): two real replicas behind the real varnishd
running deploy/varnish/monogram.vcl, all on loopback.

1. Edge hit rate of one mixed workload, with the shipped VCL and with the same VCL minus its
   key normalisation (`call monogram_normalise;` never reached): the same requests, in the same order.
2. Requests lost while one replica leaves under steady load: SIGTERM with server.drain_delay.

    python3 scripts/edge-bench.py [--binary .build/release/monogram] [--requests 4000] [--seed 7]

Standard library only; needs varnishd and varnish-modules (scripts/deps.sh test).
"""
import argparse, http.client, json, os, random, re, shutil, signal, socket, subprocess, sys, tempfile, threading, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_replica(binary, work, index, server):
    config = {
        "server": {"host": "127.0.0.1", "port": 0, "shutdown_grace": 5, **server},
        "render": {"masks_dir": os.path.join(ROOT, "config/masks"), "workers": 1},
        "log": {"access": False},
    }
    path = os.path.join(work, f"replica{index}.json")
    with open(path, "w") as f:
        json.dump(config, f)
    process = subprocess.Popen([binary, "--config", path], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    for line in process.stdout:
        found = re.search(r"listening on http://127\.0\.0\.1:(\d+)", line)
        if found:
            threading.Thread(target=lambda: [None for _ in process.stdout], daemon=True).start()
            return process, int(found.group(1))
    raise SystemExit("replica did not start")


def start_varnish(work, vcl, ports):
    site = os.path.join(work, "site")
    os.makedirs(site, exist_ok=True)
    text = ""
    for i, port in enumerate(ports):
        text += f'backend replica{i} {{ .host = "127.0.0.1"; .port = "{port}"; .probe = monogram_healthz; }}\n'
    text += "sub vcl_init {\n" + "".join(f"    replicas.add_backend(replica{i});\n" for i in range(len(ports))) + "}\n"
    text += 'acl monogram_purgers { "127.0.0.1"; }\n'
    with open(os.path.join(site, "backends.vcl"), "w") as f:
        f.write(text)
    port = free_port()
    workdir = tempfile.mkdtemp(dir=work)
    process = subprocess.Popen(
        ["varnishd", "-F", "-j", "none", "-n", workdir, "-a", f"127.0.0.1:{port}", "-T", "127.0.0.1:0", "-s", "malloc,128m",
         "-p", f"vcl_path={site}:{os.path.join(ROOT, 'deploy/varnish')}:/usr/share/varnish/vcl", "-f", vcl],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(1500):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return process, port
        except OSError:
            time.sleep(0.01)
    raise SystemExit("varnishd did not start")


def workload(count, seed):
    """Mixed: Zipf-like popularity over 300 people; /avatar (70 %), /group (20 %), /gravatar
    (10 %); parameters in a random order; a third carry an ignored parameter (?v=, utm_source)."""
    rng = random.Random(seed)
    people = [f"Person%20{i}" for i in range(300)]
    weights = [1 / (i + 1) for i in range(len(people))]
    targets = []
    for _ in range(count):
        route = rng.random()
        if route < 0.7:
            path = "/avatar/" + rng.choices(people, weights)[0]
            params = [f"size={rng.choice([32, 64, 128])}", f"shape={rng.choice(['circle', 'square'])}"]
        elif route < 0.9:
            path = "/group/" + ",".join(rng.choices(people[:20], k=3))
            params = [f"size={rng.choice([32, 48])}", "max=3"]
        else:
            path = "/gravatar/" + "%032x" % rng.randrange(40)
            params = [f"s={rng.choice([40, 80])}", "d=identicon"]
        if rng.random() < 0.33:
            params.append(rng.choice([f"v={rng.randrange(5)}", f"utm_source=mail{rng.randrange(3)}"]))
        rng.shuffle(params)
        targets.append(path + "?" + "&".join(params))
    return targets


def hit_rate(port, targets):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    hits = 0
    for target in targets:
        connection.request("GET", target)
        response = connection.getresponse()
        response.read()
        hits += response.getheader("X-Cache") == "hit"
    return hits / len(targets)


def drain(binary, work, vcl):
    replicas = [start_replica(binary, work, i, {"drain_delay": 2}) for i in range(2)]
    varnish, port = start_varnish(work, vcl, [p for _, p in replicas])
    stop = threading.Event()
    tally = {"ok": 0, "failed": []}
    lock = threading.Lock()

    def load(worker):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
        index = 0
        while not stop.is_set():
            index += 1
            target = f"/avatar/Drain{worker}-{index}?size=32"
            try:
                connection.request("GET", target)
                response = connection.getresponse()
                response.read()
                with lock:
                    if response.status == 200:
                        tally["ok"] += 1
                    else:
                        tally["failed"].append((target, response.status))
            except Exception as error:  # a refused or reset connection is a lost request
                with lock:
                    tally["failed"].append((target, repr(error)))
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=20)

    threads = [threading.Thread(target=load, args=(w,)) for w in range(4)]
    for thread in threads:
        thread.start()
    time.sleep(1.5)
    replicas[0][0].send_signal(signal.SIGTERM)
    code = replicas[0][0].wait()
    time.sleep(1.5)
    stop.set()
    for thread in threads:
        thread.join()
    varnish.kill()
    varnish.wait()
    replicas[1][0].terminate()
    replicas[1][0].wait()
    return tally["ok"], tally["failed"], code


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    default = os.path.join(ROOT, ".build/release/monogram")
    parser.add_argument("--binary", default=default if os.path.exists(default) else os.path.join(ROOT, ".build/debug/monogram"))
    parser.add_argument("--requests", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    if not shutil.which("varnishd"):
        raise SystemExit("varnishd is not installed (bash scripts/deps.sh test)")
    work = tempfile.mkdtemp(prefix="monogram-edge-bench-")
    shipped = os.path.join(ROOT, "deploy/varnish/monogram.vcl")
    plain = os.path.join(work, "monogram-plain.vcl")
    with open(shipped) as f:
        text = f.read()
    assert "call monogram_normalise;" in text
    with open(plain, "w") as f:
        f.write(text.replace("call monogram_normalise;", "if (req.http.X-Never-Set-By-The-Benchmark) { call monogram_normalise; }"))
    targets = workload(args.requests, args.seed)
    # The best any cache can do is one miss per distinct key.
    normalised = {t.split("?")[0] + "?" + "&".join(sorted(p for p in t.split("?")[1].split("&") if not p.startswith(("v=", "utm_")))) for t in targets}
    print(f"workload: {len(targets)} requests, {len(set(targets))} distinct URLs, {len(normalised)} distinct answers (seed {args.seed}), binary {args.binary}")
    print(f"ceiling: {1 - len(normalised) / len(targets):.1%} with normalisation, {1 - len(set(targets)) / len(targets):.1%} without")
    for name, vcl in [("with key normalisation (shipped VCL)", shipped), ("without key normalisation", plain)]:
        replicas = [start_replica(args.binary, work, i, {}) for i in range(2)]
        varnish, port = start_varnish(work, vcl, [p for _, p in replicas])
        rate = hit_rate(port, targets)
        print(f"edge hit rate {name}: {rate:.1%}")
        varnish.kill()
        varnish.wait()
        for process, _ in replicas:
            process.terminate()
            process.wait()
    ok, failed, code = drain(args.binary, work, shipped)
    print(f"drain: replica 0 exit status {code}; {ok} requests answered 200, {len(failed)} lost {failed[:3]}")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
