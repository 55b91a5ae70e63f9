"""Kernel send queues of clients that read nothing (issue 21): `server.send_buffer_bytes` caps
each connection's socket send buffer, so unread answers stay inside the memory bound.

    python3 bench/send_queue.py [BINARY]   (default .build/release/monogram)

Starts the server (send_buffer_bytes from SEND_BUFFER, default: the configuration's default),
warms one ~590 KB PNG, opens CONNECTIONS (200) connections that each pipeline 4 requests for it
and read nothing (receive buffer 16 KiB), waits for the queues to settle, then sums what
`ss -tmn` reports for the server's side of them: wmem_queued (`w`, the send queue) and the
send buffer (`tb`), next to the server's VmRSS.
"""
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CONNECTIONS = int(os.environ.get("CONNECTIONS", "200"))
TARGET = "/avatar/Jane%20Doe?size=1024&dpr=4&font-size=0.9&shape=circle"


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/release/monogram")
    server = {"port": 0, "max_connections": 1024, "write_timeout": 120, "idle_timeout": 120}
    if "SEND_BUFFER" in os.environ:
        server["send_buffer_bytes"] = int(os.environ["SEND_BUFFER"])
    config = {"server": server, "limits": {"client_connections": 0, "network_connections": 0},
              "render": {"masks_dir": os.path.join(ROOT, "config/masks")}, "log": {"access": False}}
    with tempfile.TemporaryDirectory(prefix="monogram-sendq-") as work:
        path = os.path.join(work, "config.json")
        with open(path, "w") as f:
            json.dump(config, f)
        out = open(os.path.join(work, "out"), "w+b")
        process = subprocess.Popen([binary, "--config", path], stdout=out, stderr=subprocess.STDOUT)
        try:
            port = None
            for _ in range(200):
                out.seek(0)
                match = re.search(rb"listening on http://[^\s]+:(\d+)", out.read())
                if match:
                    port = int(match.group(1))
                    break
                time.sleep(0.05)
            warm = socket.create_connection(("127.0.0.1", port))
            warm.sendall(f"GET {TARGET} HTTP/1.1\r\nHost: q\r\nConnection: close\r\n\r\n".encode())
            size = 0
            while chunk := warm.recv(65536):
                size += len(chunk)
            warm.close()
            clients = []
            for _ in range(CONNECTIONS):
                sock = socket.socket()
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 16384)
                sock.connect(("127.0.0.1", port))
                sock.sendall(f"GET {TARGET} HTTP/1.1\r\nHost: q\r\n\r\n".encode() * 4)
                clients.append(sock)
            time.sleep(5)
            ss = subprocess.run(["ss", "-tmnH", "state", "established", f"( sport = :{port} )"],
                                capture_output=True, text=True).stdout
            queued = [int(m) for m in re.findall(r"skmem:\([^)]*\bw(\d+)", ss)]
            buffers = [int(m) for m in re.findall(r"skmem:\([^)]*\btb(\d+)", ss)]
            with open(f"/proc/{process.pid}/status") as f:
                rss = int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1)) * 1024
            print(f"answer {size:,} bytes; {len(queued)} server sockets; send queues (ss w) total "
                  f"{sum(queued) / 2**20:.1f} MiB, largest {max(queued) / 1024:.0f} KiB; send buffers (ss tb) "
                  f"{min(buffers) / 1024:.0f}–{max(buffers) / 1024:.0f} KiB; server VmRSS {rss / 2**20:.1f} MiB")
            for sock in clients:
                sock.close()
        finally:
            process.terminate()
            process.wait()


if __name__ == "__main__":
    main()
