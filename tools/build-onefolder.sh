#!/bin/sh
# Build Hexboard as one folder a player unzips and runs without Python (PyInstaller), then start
# it headless on a sample map as a smoke test.
#
#   tools/build-onefolder.sh        -> dist/hexboard/ and dist/hexboard-VERSION-SYSTEM-MACHINE.tar.gz
#
# Runs with the Python in $PYTHON, else .venv/bin/python (made by ./hexboard), else python3; that
# Python needs Hexboard's dependencies and the build extra: `python -m pip install -e ".[build]"`.
set -eu
cd "$(dirname "$0")/.."
PY=${PYTHON:-}
if [ -z "$PY" ]; then
  if [ -x .venv/bin/python ]; then PY=.venv/bin/python; else PY=python3; fi
fi
say() { echo "build-onefolder: $*" >&2; }

if ! "$PY" -m PyInstaller --version >/dev/null 2>&1; then
  say "needs PyInstaller in $PY: $PY -m pip install -e '.[build]'"
  exit 1
fi
version=$("$PY" -c 'import tomllib; print(tomllib.load(open("pyproject.toml", "rb"))["project"]["version"])')
system=$(uname -s | tr 'A-Z' 'a-z')-$(uname -m)

start=$(date +%s)
"$PY" -m PyInstaller --noconfirm --clean --log-level WARN \
  --distpath dist --workpath build/pyinstaller tools/hexboard.spec
# Hosting a game starts nats-server, looked for beside the program (pip installs it beside Python).
server=$("$PY" -c 'import os, sys; print(os.path.join(os.path.dirname(sys.executable), "nats-server"))')
if [ -x "$server" ]; then cp "$server" dist/hexboard/; else say "no nats-server beside $PY: hosting will need one on the PATH"; fi
say "built dist/hexboard/ in $(( $(date +%s) - start )) s"

# The smoke test: --version, check and a headless screenshot of the bundled map, run from an
# empty folder with no Python on the PATH (tools/smoke_onefolder.py says how long each took).
"$PY" tools/smoke_onefolder.py dist/hexboard

archive=dist/hexboard-$version-$system.tar.gz
tar -C dist -czf "$archive" hexboard
say "dist/hexboard/: $(du -sh dist/hexboard | cut -f1); $archive: $(du -sh "$archive" | cut -f1)"
