#!/usr/bin/env python3
"""Chooses and checks the built-in `accessible` palette (docs/colours.md).

Every colour must carry white initials at WCAG 4.5:1 (as the default palette does), and any two
colours must stay apart for people with the common colour-vision deficiencies. The simulation
is Machado, Oliveira & Fernandes (2009), severity 1.0, applied to linear sRGB; the distance is
Euclidean in OKLab, times 100 (ΔEok: about 2 is a just-noticeable difference).

    python3 scripts/accessible-palette.py          # check the palette below, print the table
    python3 scripts/accessible-palette.py --search # search the sRGB grid for a new one

Pure Python, no packages: it runs in the project's venv or any Python 3.
"""
import itertools
import sys

# The palette Monogram ships (Sources/MonogramCore/Colour/Palette+Accessible.swift); order matters.
PALETTE = ["#EE0000", "#4400FF", "#883355", "#3377CC", "#667755", "#7722BB", "#AA0000", "#995599"]

MACHADO = {
    "protanopia": [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]],
    "deuteranopia": [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]],
    "tritanopia": [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]],
}


def linear(c):
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def rgb(hex_text):
    v = int(hex_text.lstrip("#"), 16)
    return (v >> 16, v >> 8 & 255, v & 255)


def luminance(lin):
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast_with_white(c):
    return 1.05 / (luminance([linear(x) for x in c]) + 0.05)


def simulate(lin, matrix):
    if matrix is None:
        return lin
    return [min(1.0, max(0.0, sum(matrix[i][j] * lin[j] for j in range(3)))) for i in range(3)]


def oklab(lin):
    r, g, b = lin
    l = (0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b) ** (1 / 3)
    m = (0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b) ** (1 / 3)
    s = (0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b) ** (1 / 3)
    return (
        0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
        1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
        0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s,
    )


VISIONS = [("normal", None)] + list(MACHADO.items())


def views(c):
    lin = [linear(x) for x in c]
    return [oklab(simulate(lin, m)) for _, m in VISIONS]


def distance(a, b):
    return 100 * sum((x - y) ** 2 for x, y in zip(a, b)) ** 0.5


def pair_minimum(va, vb):
    """The smallest distance between two colours over every vision."""
    return min(distance(x, y) for x, y in zip(va, vb))


def search(size):
    # Mid-dark colours only (4.5:1 to 8:1 with white), like the default palette: near-blacks
    # would be far apart but read as "no colour".
    grid = [c for c in itertools.product(range(0, 256, 17), repeat=3) if 4.5 <= contrast_with_white(c) <= 8]
    seen = {c: views(c) for c in grid}
    # Greedy farthest-point start, then swaps while the worst pair improves.
    chosen = [max(grid, key=lambda c: contrast_with_white(c) < 4.6 and 0 or sum(seen[c][0][1:3]))]
    while len(chosen) < size:
        chosen.append(max(grid, key=lambda c: min(pair_minimum(seen[c], seen[d]) for d in chosen)))
    def worst(p):
        return min(pair_minimum(seen[a], seen[b]) for a, b in itertools.combinations(p, 2))
    best = worst(chosen)
    improved = True
    while improved:
        improved = False
        for i in range(size):
            for c in grid:
                trial = chosen[:i] + [c] + chosen[i + 1:]
                score = worst(trial)
                if score > best + 1e-9:
                    chosen, best, improved = trial, score, True
    return chosen


def report(palette):
    colours = [rgb(h) for h in palette]
    vs = [views(c) for c in colours]
    print("| colour | contrast with white |")
    print("|---|---|")
    for h, c in zip(palette, colours):
        print(f"| `{h}` | {contrast_with_white(c):.2f}:1 |")
    print()
    print("| vision | closest pair | ΔEok |")
    print("|---|---|---|")
    overall = None
    for k, (name, _) in enumerate(VISIONS):
        d, a, b = min((distance(vs[i][k], vs[j][k]), i, j) for i, j in itertools.combinations(range(len(colours)), 2))
        overall = d if overall is None else min(overall, d)
        print(f"| {name} | `{palette[a]}` / `{palette[b]}` | {d:.1f} |")
    print()
    print(f"minimum pairwise ΔEok over all visions: {overall:.1f}")
    return overall


if __name__ == "__main__":
    if "--search" in sys.argv:
        size = int(sys.argv[sys.argv.index("--search") + 1]) if len(sys.argv) > sys.argv.index("--search") + 1 else 8
        found = search(size)
        print(", ".join("#%02X%02X%02X" % c for c in found))
    else:
        report(PALETTE)
