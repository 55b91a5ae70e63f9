#!/usr/bin/env python3
"""Two monogram binaries, the same URLs, byte for byte: a drawing change that must not change a
pixel (issue 26's group faces from the cached outline coverage) is checked here against the
binary before it, over many `/group` and `/avatar` answers.

    python3 bench/answers_diff.py OLD_BINARY NEW_BINARY

Prints how many answers were compared and every URL whose bytes differ (exit status 1 then).
Standard library only; bench/run.py starts the servers (unpinned).
"""
import itertools
import os
import sys
import tempfile
import urllib.error
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run  # noqa: E402

NAMES = ["Jane+Roe", "Ann+Lee", "Bob+Kay", "%E5%B0%8F%E6%98%8E", "%F0%9F%91%A9", "W", "Cy+Dunn", "Di+Eve",
         "Ed+Fox", "Flo+Gray"]


def urls():
    for faces, size, shape, extra in itertools.product(
            (1, 2, 3, 5, 10), (16, 24, 40, 64, 100, 128, 256),
            ("circle", "square", "rounded"),
            ("", "&dpr=2", "&dpr=3", "&dpr=1.5", "&border=0", "&border-color=FF0000", "&border-color=00000080",
             "&border-color=transparent", "&overlap=0", "&overlap=0.55&more=true", "&theme=dark",
             "&radius=0.1", "&border=7", "&bold=true")):
        names = ",".join(NAMES[:faces])
        yield f"/group/{names}.png?size={size}&shape={shape}&max=10{extra}"
    for name, size, shape, extra in itertools.product(
            NAMES[:6], (16, 64, 128), ("circle", "square", "rounded", "squircle"),
            ("", "&bg=FF000080", "&bg=transparent", "&gradient=true", "&dpr=2")):
        yield f"/avatar/{name}.png?size={size}&shape={shape}{extra}"


def get(port, target):
    """Status and body (a 400 for a combination the API refuses is compared too)."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{target}", timeout=30) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def answers(binary, workdir, targets):
    saved = run.MONOGRAM
    run.MONOGRAM, run.PIN = binary, False
    server = run.Monogram(workdir, name=os.path.basename(binary))
    try:
        return [get(server.port, target) for target in targets]
    finally:
        server.stop()
        run.MONOGRAM = saved


def main():
    old, new = (os.path.abspath(path) for path in sys.argv[1:3])
    targets = list(urls())
    with tempfile.TemporaryDirectory(prefix="monogram-diff-") as workdir:
        before, after = answers(old, workdir, targets), answers(new, workdir, targets)
    differ = [t for t, a, b in zip(targets, before, after) if a != b]
    refused = sum(1 for status, _ in after if status != 200)
    print(f"{len(targets)} answers compared ({refused} of them refusals), {len(differ)} differ")
    for target in differ[:50]:
        print("  differs:", target)
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
