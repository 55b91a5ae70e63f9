#!/usr/bin/env python3
"""AVIF settings against the encoder tests' rules, on PNGs a release Monogram serves (issue 26).

    [FAST_FROM=pixels] python3 bench/avif_corpus.py "SPEED Q AQ" ...   e.g. "8 20 20" (issue 17's setting)

For each setting: every name of the encoder corpus (Tests/MonogramRenderTests/EncoderCorpus.swift:
"JR", "小明", an emoji family, "W") × square, circle, rounded, squircle × 32, 64, 128, 256 px (and
JR square and circle at 512 and 1024), backgrounds cycling as the corpus does; the PNG from the
server is encoded by bench/avif_settings.c (AVIFCodec's encode) with SPEED, quantizer Q and alpha
quantizer AQ from FAST_FROM pixels up (default 64², as many as a 64 px square), and with issue
17's setting below (speed 8, quantizer 40 from 32² to below 64² pixels else 20, alpha 20), and
checked as EncoderTests.avifCloseToPNG checks: bytes ≤ 1.2× the PNG, mean channel difference ≤ 6, a circle's corner alpha ≤ 4 and centre ≥ 251.
Prints the worst case of each rule and the total AVIF bytes against the total PNG bytes.
"""
import os
import re
import subprocess
import sys
import tempfile
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run  # noqa: E402

FAST_FROM = int(os.environ.get("FAST_FROM", str(64 * 64)))  # pixels from which SPEED and AQ apply
NAMES = ["Jane Roe", "小明", "👩‍👩‍👧", "W"]
SHAPES = ["square", "circle", "rounded", "squircle"]
SIZES = [32, 64, 128, 256]
COLOURS = [None, "F4C430", "202020"]


def main():
    settings = [tuple(int(v) for v in arg.split()) for arg in sys.argv[1:]] or [(8, 20, 20)]
    harness = os.path.join(run.OUT, "avif_settings")
    os.makedirs(run.OUT, exist_ok=True)
    subprocess.run(["cc", "-O2", "-o", harness, os.path.join(run.BENCH, "avif_settings.c")]
                   + subprocess.run(["pkg-config", "--cflags", "--libs", "libavif", "libpng"], capture_output=True,
                                    text=True, check=True).stdout.split(), check=True)
    cases = []
    for t, name in enumerate(NAMES):
        for shape in SHAPES:
            for size in SIZES:
                colour = COLOURS[(t + size) % len(COLOURS)]
                cases.append((name, shape, size, colour))
    for size in (512, 1024):
        cases += [("Jane Roe", "circle", size, None), ("Jane Roe", "square", size, None)]
    with tempfile.TemporaryDirectory(prefix="monogram-avif-") as workdir:
        run.PIN = False
        server = run.Monogram(workdir, name="avif")
        files = []
        try:
            for name, shape, size, colour in cases:
                query = f"size={size}&shape={shape}" + (f"&bg={colour}" if colour else "")
                png = run.fetch(server.port, f"/avatar/{urllib.parse.quote(name)}.png?{query}")
                path = os.path.join(workdir, f"{len(files)}.png")
                with open(path, "wb") as f:
                    f.write(png)
                files.append((f"{name} {shape} {size}px", shape, size, path, len(png)))
        finally:
            server.stop()
        for speed, q, aq in settings:
            worst_ratio, worst_diff, bad_alpha, total_avif, total_png = (0, ""), (0, ""), [], 0, 0
            for label, shape, size, path, png_bytes in files:
                if size * size >= FAST_FROM:
                    pixel_speed, quantizer, pixel_aq = speed, q, aq
                else:  # issue 17's setting (AVIFCodec before issue 26)
                    pixel_speed, quantizer, pixel_aq = 8, (40 if 32 * 32 <= size * size < 64 * 64 else 20), 20
                out = subprocess.run([harness, "-n", "1", "-s", str(pixel_speed), "-q", str(quantizer), "-a", str(pixel_aq), path],
                                     capture_output=True, text=True, check=True).stdout
                fields = dict(re.findall(r"(\w+)=([\d.]+)", out))
                avif_bytes, diff = int(fields["bytes"]), float(fields["mean_diff"])
                total_avif, total_png = total_avif + avif_bytes, total_png + png_bytes
                worst_ratio = max(worst_ratio, (avif_bytes / png_bytes, label))
                worst_diff = max(worst_diff, (diff, label))
                if shape == "circle" and (int(fields["corner_alpha"]) > 4 or int(fields["centre_alpha"]) < 251):
                    bad_alpha.append(label)
            print(f"speed {speed}, quantizer {q}, alpha quantizer {aq} from {FAST_FROM} pixels up (below: issue 17's): "
                  f"{len(files)} avatars; worst AVIF ÷ PNG bytes {worst_ratio[0]:.2f} ({worst_ratio[1]}), "
                  f"worst mean channel difference {worst_diff[0]:.2f} ({worst_diff[1]}), circle alpha rule "
                  f"{'kept' if not bad_alpha else 'broken: ' + ', '.join(bad_alpha)}; all AVIFs {total_avif:,} bytes "
                  f"= {total_avif / total_png:.2f}× the PNGs' {total_png:,}", flush=True)


if __name__ == "__main__":
    main()
