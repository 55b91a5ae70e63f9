#!/usr/bin/env python3
"""Reads `perf script` output (with call chains) on stdin and prints, for the samples whose
leaf is in a library matching --leaf (default: the Swift runtime, libswiftCore), the nearest
caller in the monogram binary, demangled, with its share of all samples. Answers "who pays
for swift_retain / _swift_getGenericMetadata / Hasher?" Used by bench/profile.sh."""
import collections
import re
import subprocess
import sys

leaf_pattern = re.compile(sys.argv[1] if len(sys.argv) > 1 else r"libswiftCore|libswiftSynchronization")
frame = re.compile(r"^\s+[0-9a-f]+\s+(.*?)\s+\((.*)\)\s*$")
samples, total = [], 0
stack = []
for line in sys.stdin:
    if not line.strip():
        if stack:
            samples.append(stack)
        stack = []
        continue
    match = frame.match(line)
    if match:
        symbol = re.sub(r"\+0x[0-9a-f]+$", "", match.group(1))
        stack.append((symbol, match.group(2)))
if stack:
    samples.append(stack)
total = len(samples)
by_caller, by_leaf, by_function = collections.Counter(), collections.Counter(), collections.Counter()
for stack in samples:
    leaf_symbol, leaf_dso = stack[0]
    if not leaf_pattern.search(leaf_dso):
        continue
    by_leaf[leaf_symbol] += 1
    # Skip compiler-emitted helpers (metadata accessors) to reach the code that asked.
    caller = next((s for s, d in stack[1:] if d.endswith("/monogram") and not s.startswith("__swift_")),
                  "(no monogram frame)")
    by_caller[(caller, leaf_symbol)] += 1
    by_function[caller] += 1
names = sorted({c for c, _ in by_caller} | set(by_leaf))
demangled = dict(zip(names, subprocess.run(["swift", "demangle", "--simplified", "--compact"],
                                           input="\n".join(names), capture_output=True, text=True)
                     .stdout.splitlines())) if names else {}
share = lambda n: 100.0 * n / max(total, 1)
print(f"{total} samples; {share(sum(by_leaf.values())):.1f}% with the leaf in {leaf_pattern.pattern}")
print("\nruntime leaves (% of all samples)")
for leaf, n in by_leaf.most_common(15):
    print(f"{share(n):6.2f}%  {demangled.get(leaf, leaf)[:110]}")
print("\nnearest monogram caller, all runtime leaves summed (% of all samples)")
for caller, n in by_function.most_common(15):
    print(f"{share(n):6.2f}%  {demangled.get(caller, caller)[:110]}")
print("\nnearest monogram caller -> runtime leaf (% of all samples)")
for (caller, leaf), n in by_caller.most_common(40):
    print(f"{share(n):6.2f}%  {demangled.get(caller, caller)[:110]}  ->  {demangled.get(leaf, leaf)[:60]}")
