#!/usr/bin/env bash
# Creates (or updates) the Python virtual environment of the test tools, .build/venv, from the
# pinned scripts/requirements-test.txt. Idempotent and fast: when the venv was built from the
# same requirements file it does nothing. Prints the venv's bin directory.
#   scripts/pyenv.sh            (make test calls it, as make deps calls scripts/deps.sh)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="$root/.build/venv"
requirements="$root/scripts/requirements-test.txt"
stamp="$venv/.requirements.sha256"
wanted="$(sha256sum "$requirements" | cut -d' ' -f1)"

if [ -x "$venv/bin/python" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$wanted" ]; then
  echo "$venv/bin"
  exit 0
fi
# python3-venv is in scripts/deps.sh's test list.
[ -x "$venv/bin/python" ] || python3 -m venv "$venv" >&2
"$venv/bin/pip" install --quiet --disable-pip-version-check --no-input -r "$requirements" >&2
echo "$wanted" > "$stamp"
echo "$venv/bin"
