#!/usr/bin/env bash
# A longer run of the structure-aware vector-tile fuzzer than the test suite's (2,000 tiles):
# bash scripts/fuzz-tiles.sh [TILES] [SEED] [FILES]  (default 200,000 tiles, seed 1297499721, 400 hostile MBTiles
# and 10,000 hostile PMTiles).
# Prints the tiles, features kept and rejected, and the time; the figures go to BENCHMARKS.md.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/setup.sh >/dev/null
swift build -c release --build-tests 2>&1 | tail -n 1
start=$SECONDS
MERIDIAN_FUZZ_TILES="${1:-200000}" MERIDIAN_FUZZ_SEED="${2:-1297499721}" \
  swift test -c release --skip-build --filter DecoderFuzzTests/structureAware 2>&1 | grep -E "fuzz:|passed|failed"
echo "fuzz: $((SECONDS - start)) s in all"
# Then the hostile-file fuzzers (MBTiles and PMTiles, issue 23) at 10 times the suite's count.
start=$SECONDS
MERIDIAN_FUZZ_FILES="${3:-400}" MERIDIAN_FUZZ_SEED="${2:-1297499721}" \
  swift test -c release --skip-build --filter HostileFileFuzzTests 2>&1 | grep -E "fuzz:|passed|failed"
echo "fuzz: hostile files, $((SECONDS - start)) s"
