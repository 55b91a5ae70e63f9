#!/usr/bin/env python3
"""Live checks of the container image, as Kubernetes would run it (scripts/check-image.sh).

The image runs with a read-only root file system, as user 10001 by number, every capability
dropped. Checked: the image's HEALTHCHECK passes; through the published port, /healthz answers;
every script of the contact sheet (docs/contact-sheet.png: 12 scripts x 4 shapes, and the
placeholder) renders as a valid 128 x 128 PNG whose pixels match what the binary built on this
machine draws for the same URL (a missing font or library in the image shows up as different
pixels, not as an error); and SIGTERM with requests in flight, half-sent and complete, answers
every one of them before the container exits 0.
"""
import argparse
import os
import re
import socket
import struct
import subprocess
import sys
import threading
import time
import urllib.parse
import zlib

SIDE = 128  # the contact sheet's cells: a 64 px avatar at dpr 2
# The contact sheet's rows (Tests/MonogramRenderTests/TestSupport.swift, ScriptSample.all).
SCRIPTS = [
    ("latin", "JR"), ("cyrillic", "ИП"), ("greek", "ΓΠ"), ("arabic", "سع"),
    ("hebrew", "דכ"), ("devanagari", "प्र"), ("chinese", "小明"), ("japanese", "さく"),
    ("korean", "민준"), ("thai", "สม"), ("emoji", "👩‍👩‍👧"), ("flag", "🇫🇷"),
]
SHAPES = ["square", "circle", "rounded", "squircle"]
# The golden tests' tolerance (Tests/MonogramRenderTests/Drawing/GoldenImage.swift).
CHANNEL_TOLERANCE = 8
DIFFERING_PIXEL_BUDGET = 0.005
HALF_HEADS = 32
COMPLETE_IN_FLIGHT = 8


def fail(message):
    print(f"FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def podman(*args, check=True):
    result = subprocess.run(["podman", *args], capture_output=True, text=True)
    if check and result.returncode != 0:
        fail(f"podman {' '.join(args)}: {result.stderr.strip()}")
    return result


# --- HTTP over raw sockets: the drain check needs half-sent heads -----------------------------

def read_response(sock):
    """Reads one HTTP/1.1 response with a Content-Length body; returns (status, headers, body)."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError(f"closed after {len(data)} bytes of the head")
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ")[1])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    length = int(headers.get("content-length", "0"))
    while len(body) < length:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError(f"closed after {len(body)} of {length} body bytes")
        body += chunk
    return status, headers, body[:length]


def connect(port, timeout=30):
    sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


def get(port, target, timeout=30):
    with connect(port, timeout) as sock:
        sock.sendall(f"GET {target} HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n".encode())
        return read_response(sock)


# --- PNG: validate and decode (8-bit RGB/RGBA/grey, palette of 1-8 bits) ------------------------

def decode_png(data):
    """Checks the signature, every chunk's CRC, IHDR, IEND and the IDAT stream's length, and
    returns (width, height, RGBA bytes)."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("no PNG signature")
    pos, chunks = 8, []
    while pos < len(data):
        if pos + 12 > len(data):
            raise ValueError("truncated chunk")
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        crc, = struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])
        if len(body) != length or zlib.crc32(kind + body) != crc:
            raise ValueError(f"bad {kind!r} chunk (length or CRC)")
        chunks.append((kind, body))
        pos += 12 + length
    if not chunks or chunks[0][0] != b"IHDR" or chunks[-1][0] != b"IEND":
        raise ValueError("IHDR must come first and IEND last")
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", chunks[0][1])
    if interlace != 0:
        raise ValueError("interlaced")
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[colour]
    if colour != 3 and depth != 8:
        raise ValueError(f"bit depth {depth} with colour type {colour}")
    bits = channels * depth
    stride = (width * bits + 7) // 8
    raw = zlib.decompress(b"".join(body for kind, body in chunks if kind == b"IDAT"))
    if len(raw) != height * (stride + 1):
        raise ValueError(f"IDAT holds {len(raw)} bytes, not {height * (stride + 1)}")
    palette = next((body for kind, body in chunks if kind == b"PLTE"), b"")
    alpha = next((body for kind, body in chunks if kind == b"tRNS"), b"")
    bpp = max(1, bits // 8)
    previous = bytearray(stride)
    rgba = bytearray()
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = previous[i]
            c = previous[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
            elif kind != 0:
                raise ValueError(f"row filter {kind}")
        previous = line
        for x in range(width):
            if colour == 3:
                index = (line[x * depth // 8] >> (8 - depth - (x * depth) % 8)) & ((1 << depth) - 1)
                rgba += palette[3 * index:3 * index + 3] + bytes([alpha[index] if index < len(alpha) else 255])
            elif colour == 6:
                rgba += line[4 * x:4 * x + 4]
            elif colour == 2:
                rgba += line[3 * x:3 * x + 3] + b"\xff"
            elif colour == 4:
                rgba += bytes([line[2 * x]] * 3 + [line[2 * x + 1]])
            else:
                rgba += bytes([line[x]] * 3 + [255])
    return width, height, bytes(rgba)


def differing_pixels(one, other):
    return sum(
        1 for i in range(0, len(one), 4)
        if any(abs(one[i + k] - other[i + k]) > CHANNEL_TOLERANCE for k in range(4)))


# --- the reference: the binary built on this machine, on port 0 --------------------------------

class Reference:
    def __init__(self, binary, root):
        self.process = subprocess.Popen(
            [binary, "--config", f"{root}/config/monogram.json", "--port", "0"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
            env={"PATH": "/usr/bin:/bin"})
        line = self.process.stdout.readline()
        match = re.search(r":(\d+)\s*$", line)
        if not match:
            fail(f"the reference binary did not start: {line!r}")
        self.port = int(match.group(1))
        # Keep reading the access log so the server never blocks on a full pipe.
        threading.Thread(target=self.process.stdout.read, daemon=True).start()

    def stop(self):
        self.process.terminate()
        self.process.wait()


# --- the checks --------------------------------------------------------------------------------

def contact_sheet_targets():
    for name, initials in SCRIPTS:
        for shape in SHAPES:
            query = urllib.parse.urlencode({"initials": initials, "size": 64, "dpr": 2, "shape": shape})
            yield f"{name}/{shape}", f"/avatar/{urllib.parse.quote(name)}?{query}"
    for shape in SHAPES:
        yield f"placeholder/{shape}", f"/avatar/?size=64&dpr=2&shape={shape}"


def check_contact_sheet(port, reference):
    count = 0
    for label, target in contact_sheet_targets():
        status, headers, body = get(port, target)
        if status != 200 or headers.get("content-type") != "image/png":
            fail(f"{label}: {status} {headers.get('content-type')}: {body[:200]!r}")
        try:
            width, height, pixels = decode_png(body)
        except (ValueError, KeyError, zlib.error) as error:
            fail(f"{label}: not a valid PNG: {error}")
        if (width, height) != (SIDE, SIDE):
            fail(f"{label}: {width} x {height}, not {SIDE} x {SIDE}")
        _, _, expected = decode_png(get(reference.port, target)[2])
        differing = differing_pixels(pixels, expected)
        if differing > SIDE * SIDE * DIFFERING_PIXEL_BUDGET:
            fail(f"{label}: {differing} pixels differ from this machine's rendering of {target}")
        count += 1
    print(f"contact sheet: {count} PNGs of {SIDE} x {SIDE}, each matching this machine's rendering")


def open_connections(port):
    _, _, body = get(port, "/metrics")
    match = re.search(rb"^monogram_open_connections (\S+)$", body, re.M)
    return float(match.group(1)) if match else 0


def check_drain(port, container):
    # Half-sent heads: requests the server has accepted but cannot answer before SIGTERM.
    held = []
    for index in range(HALF_HEADS):
        sock = connect(port)
        sock.sendall(f"GET /avatar/Drain%20{index}?size=64&dpr=2 HTTP/1.1\r\nHost: t\r\nX-Part: ".encode())
        held.append(sock)
    deadline = time.monotonic() + 30
    while open_connections(port) < HALF_HEADS + 1:  # + the /metrics request's own connection
        if time.monotonic() > deadline:
            fail(f"the server never saw the {HALF_HEADS} held connections")
        time.sleep(0.05)
    # Complete requests for large renders, sent just before SIGTERM: rendering, queued or done,
    # each must be answered.
    complete = [None] * COMPLETE_IN_FLIGHT

    def fetch(index):
        try:
            status, _, body = get(port, f"/avatar/Busy%20{index}.avif?size=256&dpr=2")
            complete[index] = status if status == 200 else (status, body[:80])
        except OSError as error:
            complete[index] = repr(error)

    threads = [threading.Thread(target=fetch, args=(i,), daemon=True) for i in range(COMPLETE_IN_FLIGHT)]
    for thread in threads:
        thread.start()
    # SIGTERM only once the server holds every one of them (open now, or already answered):
    # a connection still in the listener's backlog when it closes is refused, by design.
    deadline = time.monotonic() + 30
    while open_connections(port) - 1 - HALF_HEADS + sum(a is not None for a in complete) < COMPLETE_IN_FLIGHT:
        if time.monotonic() > deadline:
            fail("the server never saw the complete requests")
        time.sleep(0.01)
    unanswered_at_sigterm = sum(a is None for a in complete)
    podman("kill", "--signal", "TERM", container)
    # The drain has begun once a new connection gets no answer.
    deadline = time.monotonic() + 30
    while True:
        try:
            if get(port, "/healthz", timeout=5)[0] != 200:
                break
        except OSError:
            break
        if time.monotonic() > deadline:
            fail("still answering /healthz 200 30 s after SIGTERM")
        time.sleep(0.05)
    answers = []
    for sock in held:
        try:
            sock.sendall(b"done\r\n\r\n")
            status, headers, body = read_response(sock)
            answers.append((status, headers.get("connection")) if status == 200 else (status, body[:80]))
        except OSError as error:
            answers.append(repr(error))
        finally:
            sock.close()
    for thread in threads:
        thread.join()
    lost = [a for a in answers if a != (200, "close")]
    if lost:
        fail(f"{len(lost)} of {HALF_HEADS} held requests not answered 200 with Connection: close: {lost[:3]}")
    if any(answer != 200 for answer in complete):
        fail(f"complete requests in flight at SIGTERM: {complete}")
    code = podman("wait", container).stdout.strip()
    if code != "0":
        fail(f"the container exited {code} after SIGTERM")
    print(f"drain: SIGTERM with {HALF_HEADS} half-sent requests and {unanswered_at_sigterm} of "
          f"{COMPLETE_IN_FLIGHT} complete ones unanswered: all answered, exit 0")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--image", required=True)
    parser.add_argument("--reference", required=True, help="a monogram binary built on this machine")
    parser.add_argument("--root", required=True)
    args = parser.parse_args()
    container = f"monogram-check-{int(time.time())}-{os.getpid()}"
    reference = Reference(args.reference, args.root)
    try:
        # --read-only-tmpfs=false: no writable /tmp either, as Kubernetes' readOnlyRootFilesystem.
        podman("run", "--detach", "--name", container, "--read-only", "--read-only-tmpfs=false",
               "--user", "10001:10001",
               "--cap-drop", "all", "--security-opt", "no-new-privileges",
               # Generous render deadline and drain grace: the test is that every request is
               # answered, on a machine whose load it cannot control, not how fast.
               "--env", "MONOGRAM_RENDER_TIMEOUT=60", "--env", "MONOGRAM_SERVER_SHUTDOWN_GRACE=60",
               "--publish", "127.0.0.1::8080", args.image)
        port = int(podman("port", container, "8080/tcp").stdout.strip().rsplit(":", 1)[1])
        deadline = time.monotonic() + 60
        while True:
            try:
                if get(port, "/healthz", timeout=5)[0] == 200:
                    break
            except OSError:
                pass
            state = podman("inspect", "--format", "{{.State.Status}}", container).stdout.strip()
            if state != "running" or time.monotonic() > deadline:
                fail(f"no /healthz 200 (container {state}): {podman('logs', container, check=False).stderr[-2000:]}")
            time.sleep(0.1)
        uid = re.search(r"^Uid:\s+(\d+)", podman("exec", container, "cat", "/proc/1/status").stdout, re.M)
        if not uid or uid.group(1) != "10001":
            fail(f"monogram runs as uid {uid and uid.group(1)}, not 10001")
        mounts = podman("exec", container, "cat", "/proc/1/mounts").stdout
        root_mount = [line.split() for line in mounts.splitlines() if line.split()[1:2] == ["/"]]
        if not root_mount or "ro" not in root_mount[-1][3].split(","):
            fail(f"the root file system is not mounted read-only: {root_mount}")
        writable = [line.split()[1] for line in mounts.splitlines()
                    if line.split()[2] == "tmpfs" and "rw" in line.split()[3].split(",")
                    and not line.split()[1].startswith(("/dev", "/proc", "/sys"))]
        if writable:
            fail(f"writable tmpfs mounts besides the root: {writable}")
        # The image's own HEALTHCHECK (`monogram healthcheck`), which the OCI format would drop.
        if podman("healthcheck", "run", container, check=False).returncode != 0:
            fail("the image's HEALTHCHECK is missing or fails")
        print(f"image {args.image[:19]}: /healthz 200 and HEALTHCHECK healthy on a read-only root, as uid 10001")
        check_contact_sheet(port, reference)
        check_drain(port, container)
    finally:
        reference.stop()
        podman("rm", "--force", container, check=False)
    print("image checks: all passed (read-only root and uid, contact sheet, drain)")


if __name__ == "__main__":
    main()
