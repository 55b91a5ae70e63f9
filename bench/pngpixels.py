"""Decodes the PNGs the benchmark compares (8-bit RGBA, or palette at 1/2/4/8 bits; any row
filter) to straight RGBA bytes, with only the standard library: Monogram writes its own PNGs
(libdeflate), the C baseline writes libpng's, so the benchmark compares pixels, not bytes."""
import struct
import zlib


def rgba(data):
    """(width, height, RGBA bytes) of a non-interlaced palette or RGBA PNG."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, palette, alpha = 8, b"", b"", b""
    width = height = depth = colour = 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if interlace or colour not in (3, 6):
                raise ValueError("unsupported PNG layout")
        elif kind == b"PLTE":
            palette = body
        elif kind == b"tRNS":
            alpha = body
        elif kind == b"IDAT":
            idat += body
    raw = zlib.decompress(idat)
    channels = 4 if colour == 6 else 1
    row_bytes = (width * channels * depth + 7) // 8
    step = max(1, channels * depth // 8)
    rows, previous, offset = [], bytearray(row_bytes), 0
    for _ in range(height):
        kind, line = raw[offset], bytearray(raw[offset + 1:offset + 1 + row_bytes])
        offset += 1 + row_bytes
        for i in range(row_bytes):
            left = line[i - step] if i >= step else 0
            up, corner = previous[i], previous[i - step] if i >= step else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 0xFF
        rows.append(bytes(line))
        previous = line
    if colour == 6:
        return width, height, b"".join(rows)
    out = bytearray()
    per_byte, mask = 8 // depth, (1 << depth) - 1
    for line in rows:
        for x in range(width):
            index = (line[x // per_byte] >> (8 - depth - (x % per_byte) * depth)) & mask
            out += palette[3 * index:3 * index + 3] + bytes([alpha[index] if index < len(alpha) else 255])
    return width, height, bytes(out)
