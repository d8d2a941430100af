#!/usr/bin/env bash
# The main job: set up, build the `meridian` tool in release mode, and run real camera
# computations with it (fit Vancouver–Calgary, project central Helsinki under bearing and
# tilt, the visible region, an update, the tile cover). Safe to run twice.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
source scripts/setup.sh
bash scripts/build-data.sh
swift build -c release --product meridian 2>&1 | tail -n 1
M="$(swift build -c release --show-bin-path)/meridian"

run() { echo; echo "\$ meridian $*"; "$M" "$@"; }
run camera fit --bounds=49.26,-123.11,51.05,-114.05 --size 1024x768
run camera fit --bounds=49.26,-123.11,51.05,-114.05 --size 1024x768 --bearing 30 --tilt 30
run camera project --camera 60.17,24.94,15,30,45 --size 1024x768 60.1699,24.9384 60.1704,24.9522
run camera unproject --camera 60.17,24.94,15,30,45 --size 1024x768 512,384 0,0 1024,768
run camera visible-region --camera 60.17,24.94,15,30,45 --size 1024x768
run camera apply --camera 60.17,24.94,12 --update zoom-in
run camera apply --camera 60.17,24.94,12,90 --size 1024x768 --update scroll:200,100
run camera tiles --camera 60.17,24.94,15,30,45 --size 1024x768
