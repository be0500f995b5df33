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

# The smoke test: from another folder, with no Python on the PATH and none of its variables set,
# the version, a check of the bundled default map and a headless screenshot of it.
smoke=build/smoke
rm -rf "$smoke" && mkdir -p "$smoke"
program=$(pwd)/dist/hexboard/hexboard
map=$(ls -d "$(pwd)"/dist/hexboard/_internal/maps/arena.yaml 2>/dev/null || echo "$(pwd)/dist/hexboard/maps/arena.yaml")
run() {
  (cd "$smoke" && env -i HOME="$(pwd)" PATH=/usr/bin:/bin SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy \
     HEXBOARD_DATA_DIR="$(pwd)/data" "$program" "$@")
}
t0=$(date +%s%N)
run --version
t1=$(date +%s%N)
run check "$map"
t2=$(date +%s%N)
run screenshot "$map" shot.png --size 1280x800
t3=$(date +%s%N)
head -c 8 "$smoke/shot.png" | od -An -c | grep -q "P   N   G" || { say "the screenshot is not a PNG"; exit 1; }
ms() { echo $(( ($2 - $1) / 1000000 )); }
say "smoke test passed: --version $(ms "$t0" "$t1") ms, check $(ms "$t1" "$t2") ms, screenshot $(ms "$t2" "$t3") ms"

archive=dist/hexboard-$version-$system.tar.gz
tar -C dist -czf "$archive" hexboard
say "dist/hexboard/: $(du -sh dist/hexboard | cut -f1); $archive: $(du -sh "$archive" | cut -f1)"
