#!/usr/bin/env python3
"""Writes a synthetic /gravatar directory (API §7) for scale measurements.

    python3 scripts/gravatar-directory.py 1000000 > /tmp/directory.csv

Rows look like real ones: mixed-case addresses, names with spaces, a comma or quote now and
then (so quoting is exercised), every tenth row with an id, every twentieth with a picture.
Deterministic (no randomness), so two runs write the same file.
"""
import sys

def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    out = sys.stdout
    out.write("email,name,picture,id\r\n")
    given = ["Jane", "Émile", "Zoë", "Ren", "Ada", "Grace", "Linus", "Ана", "Søren", "Mei"]
    family = ["Doe", "Zola", "van der Berg", "O'Neil", "Roe", "Hopper", "Lovelace", "Петрова", "Kierkegaard", "Chen"]
    for i in range(count):
        name = f"{given[i % 10]} {family[(i // 10) % 10]} {i}"
        if i % 97 == 0:
            name = f'"{name}, Jr."'
        elif i % 89 == 0:
            name = f'"{name} ""the {i}th"""'
        email = f"User.{i}@Example{i % 13}.COM"
        picture = f"https://pics.example.com/{i}.png" if i % 20 == 0 else ""
        ident = f"emp-{i}" if i % 10 == 0 else ""
        out.write(f"{email},{name},{picture},{ident}\r\n")

if __name__ == "__main__":
    main()
