#!/usr/bin/env bash
# Every test: set up, build, and run the whole suite (Swift Testing). Safe to run twice.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
source scripts/setup.sh
swift build --build-tests 2>&1 | tail -n 3
# The code stays as swift-format (from the toolchain) writes it with .swift-format (120 columns):
# a copy is formatted and compared. To fix: swift format format --in-place --recursive --parallel \
#   Sources Tests Benchmarks/Sources Benchmarks/Benchmarks
FORMAT_COPY="$(swift build --show-bin-path)/format-check"
rm -rf "$FORMAT_COPY" && mkdir -p "$FORMAT_COPY/Benchmarks" && cp -r Sources Tests "$FORMAT_COPY/"
cp -r Benchmarks/Sources Benchmarks/Benchmarks "$FORMAT_COPY/Benchmarks/"
(cd "$FORMAT_COPY" && swift format format --configuration "$ROOT/.swift-format" --in-place --recursive --parallel \
  Sources Tests Benchmarks/Sources Benchmarks/Benchmarks)
for folder in Sources Tests Benchmarks/Sources Benchmarks/Benchmarks; do
  diff -r -q "$folder" "$FORMAT_COPY/$folder" \
    || { echo "swift format would change the files above (.swift-format; the fix is in scripts/test.sh)" >&2; exit 1; }
done
echo "Format: every Swift file is as swift-format writes it"
# The default data is imported with the `meridian` just built (as a user would).
MERIDIAN_BIN="$(swift build --show-bin-path)/meridian" bash scripts/build-data.sh
# MapLibre Native for the client tests, in the build folder.
bash scripts/clients.sh
# The Debian package (scripts/package.sh), built before the suite so its static release build does
# not run beside the other tests; DebianPackageTests builds it again from the cache and checks it.
bash scripts/package.sh "$ROOT/.build/package/out" | tail -n 1
# The real-data tests fail, rather than skip, when the data is missing.
export MERIDIAN_REQUIRE_DATA=1
# The viewer's test in headless Chromium fails, rather than skips, without the browser.
export MERIDIAN_REQUIRE_BROWSER=1
# A bound on the whole run, so a hang fails CI instead of using up its time.
timeout 1800 swift test --skip-build
# Every library module's documentation builds without a warning (a broken symbol link fails CI).
for target in MeridianGeometry MeridianCamera MeridianMotion MeridianGestures MeridianOverlays MeridianMap GoogleMapsCompat \
              MeridianTiles MeridianStyle MeridianRender MeridianData MeridianServing MeridianServer MeridianRemote; do
  swift package generate-documentation --target "$target" --warnings-as-errors > "$(swift build --show-bin-path)/docc-$target.log" 2>&1 \
    || { tail -n 20 "$(swift build --show-bin-path)/docc-$target.log"; echo "DocC: $target has warnings" >&2; exit 1; }
done
# The renderer's, the serving layer's and the server's internal documentation too: their seams are documented for the
# people who extend them, and a stale link there fails CI as a public one does.
for target in MeridianRender MeridianServing MeridianServer; do
  swift package generate-documentation --target "$target" --symbol-graph-minimum-access-level internal --warnings-as-errors \
    > "$(swift build --show-bin-path)/docc-$target-internal.log" 2>&1 \
    || { tail -n 20 "$(swift build --show-bin-path)/docc-$target-internal.log"; echo "DocC: $target's internal symbols have warnings" >&2; exit 1; }
done
echo "DocC: every library module's documentation (the renderer's, serving layer's and server's internal symbols too) builds warning-free"
