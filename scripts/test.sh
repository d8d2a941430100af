#!/usr/bin/env bash
# Every test: set up, build, and run the whole suite (Swift Testing). Safe to run twice.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
source scripts/setup.sh
swift build --build-tests 2>&1 | tail -n 3
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
              MeridianTiles MeridianStyle MeridianRender MeridianData MeridianServer; do
  swift package generate-documentation --target "$target" --warnings-as-errors > "$(swift build --show-bin-path)/docc-$target.log" 2>&1 \
    || { tail -n 20 "$(swift build --show-bin-path)/docc-$target.log"; echo "DocC: $target has warnings" >&2; exit 1; }
done
# The renderer's and the server's internal documentation too: their seams are documented for the
# people who extend them, and a stale link there fails CI as a public one does.
for target in MeridianRender MeridianServer; do
  swift package generate-documentation --target "$target" --symbol-graph-minimum-access-level internal --warnings-as-errors \
    > "$(swift build --show-bin-path)/docc-$target-internal.log" 2>&1 \
    || { tail -n 20 "$(swift build --show-bin-path)/docc-$target-internal.log"; echo "DocC: $target's internal symbols have warnings" >&2; exit 1; }
done
echo "DocC: every library module's documentation (the renderer's and server's internal symbols too) builds warning-free"
