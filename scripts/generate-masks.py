#!/usr/bin/env python3
"""Writes the shipped mask shapes to config/masks/ as 512x512 white PNGs whose alpha channel is
the shape's coverage (4x4 supersampled, so edges are anti-aliased before the renderer scales
them down). Standard library only: no Pillow needed.

    python3 scripts/generate-masks.py
"""
import math
import os
import struct
import zlib

SIDE = 512
SAMPLES = 4  # per axis


def squircle(x, y):
    # Superellipse |x|^5 + |y|^5 <= 1: rounder corners than a rounded square, the app-icon look.
    return abs(x) ** 5 + abs(y) ** 5 <= 1.0


HEX_R = 1.0  # circumradius, pointy top: spans the full height
HEX_HALF_WIDTH = HEX_R * math.sqrt(3) / 2


def hexagon(x, y):
    ax, ay = abs(x), abs(y)
    return ax <= HEX_HALF_WIDTH and ay <= HEX_R - ax / math.sqrt(3)


def coverage(inside):
    rows = []
    for py in range(SIDE):
        row = bytearray()
        for px in range(SIDE):
            hits = 0
            for sy in range(SAMPLES):
                y = ((py + (sy + 0.5) / SAMPLES) / SIDE) * 2 - 1
                for sx in range(SAMPLES):
                    x = ((px + (sx + 0.5) / SAMPLES) / SIDE) * 2 - 1
                    hits += inside(x, y)
            alpha = round(255 * hits / (SAMPLES * SAMPLES))
            row += bytes((255, 255, 255, alpha))
        rows.append(bytes(row))
    return rows


def write_png(path, rows):
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    raw = b"".join(b"\x00" + row for row in rows)
    header = struct.pack(">IIBBBBB", SIDE, SIDE, 8, 6, 0, 0, 0)  # 8-bit RGBA
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


if __name__ == "__main__":
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "config", "masks")
    os.makedirs(out, exist_ok=True)
    for name, shape in (("squircle", squircle), ("hexagon", hexagon)):
        write_png(os.path.join(out, name + ".png"), coverage(shape))
        print("wrote", os.path.join(out, name + ".png"))
