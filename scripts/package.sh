#!/usr/bin/env bash
# Builds the Debian package out/meridian_VERSION_amd64.deb (VERSION from MeridianVersion.swift,
# the one place it is written): the `meridian` tool built in release mode with the Swift
# standard library and Foundation linked in statically (the target needs no Swift toolchain),
# the default dataset in /usr/share/meridian (read-only: imports go to the user's folder),
# the example pages, man pages (argument-parser's generate-manual), bash, zsh and fish
# completions, and a systemd unit for `meridian serve` (deploy/meridian.service). Depends are
# the Debian packages of the libraries the binary loads (dpkg-shlibdeps) and the fonts;
# tilemaker and osmium-tool, which only `data import` of an extract needs, and the Noto fonts of
# the label font chain (without them, scripts DejaVu lacks are drawn as boxes) are Recommends.
# Safe to run twice: the build is cached in .build/package. Usage: bash scripts/package.sh [OUT_DIR]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
source scripts/setup.sh >/dev/null
OUT="${1:-$ROOT/out}"
VERSION="$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/MeridianGeometry/MeridianVersion.swift)"
LOGGED="$(sed -n '1s/^meridian (\(.*\)).*/\1/p' deploy/debian/changelog)"
if [ "$VERSION" != "$LOGGED" ]; then
  echo "package: MeridianVersion.current is $VERSION but deploy/debian/changelog starts at $LOGGED; add a changelog entry" >&2
  exit 1
fi
SCRATCH="$ROOT/.build/package"
swift build -c release --static-swift-stdlib --scratch-path "$SCRATCH" --product meridian 2>&1 | tail -n 1
# (generate-manual in its own build folder: the static link above is not redone each time)
swift build -c release --scratch-path "$ROOT/.build/package-tools" --product generate-manual 2>&1 | tail -n 1
BIN="$SCRATCH/release/meridian"
DATA="${MERIDIAN_DATA:-$ROOT/.build/meridian-data}"
MERIDIAN_BIN="$BIN" MERIDIAN_DATA="$DATA" bash scripts/build-data.sh >/dev/null

STAGE="$SCRATCH/deb/meridian_${VERSION}_amd64"
rm -rf "$STAGE"
mkdir -p "$STAGE/DEBIAN" "$STAGE/usr/bin" "$STAGE/usr/share/meridian/openmaptiles" "$STAGE/usr/share/doc/meridian/examples" \
  "$STAGE/usr/share/man/man1" "$STAGE/usr/share/bash-completion/completions" "$STAGE/usr/share/zsh/vendor-completions" \
  "$STAGE/usr/share/fish/vendor_completions.d" "$STAGE/lib/systemd/system"
install -m 0755 "$BIN" "$STAGE/usr/bin/meridian"
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$STAGE/usr/bin/meridian"
for f in world coast satellite terrain; do install -m 0644 "$DATA/$f.mbtiles" "$STAGE/usr/share/meridian/"; done
install -m 0644 "$DATA"/openmaptiles/*.mbtiles "$STAGE/usr/share/meridian/openmaptiles/"
install -m 0644 examples/maplibre.html examples/leaflet.html examples/landmarks.geojson "$STAGE/usr/share/doc/meridian/examples/"
install -m 0644 deploy/debian/copyright "$STAGE/usr/share/doc/meridian/copyright"
install -m 0644 deploy/meridian.service "$STAGE/lib/systemd/system/meridian.service"
install -D -m 0644 deploy/debian/lintian-overrides "$STAGE/usr/share/lintian/overrides/meridian"
# A native package (no Debian revision): its changelog is changelog.gz.
gzip -9n < deploy/debian/changelog > "$STAGE/usr/share/doc/meridian/changelog.gz"
chmod 0644 "$STAGE/usr/share/doc/meridian/changelog.gz"

# The man page (every command in one, meridian(1)), from the tool's own help, dated by the changelog entry.
MAN="$SCRATCH/man"
rm -rf "$MAN" && mkdir -p "$MAN"
"$ROOT/.build/package-tools/release/generate-manual" "$STAGE/usr/bin/meridian" --output-directory "$MAN" \
  --date "$(date -u -d "$(sed -n 's/^ -- .*>  //p' deploy/debian/changelog | head -n 1)" +%F)" \
  --authors "The Meridian developers" --section 1 >/dev/null
for page in "$MAN"/*.1; do gzip -9n < "$page" > "$STAGE/usr/share/man/man1/$(basename "$page").gz"; done
chmod 0644 "$STAGE"/usr/share/man/man1/*.gz

# (bash-completion sources its files: no #! line.)
"$STAGE/usr/bin/meridian" --generate-completion-script bash | sed '1{/^#!/d}' > "$STAGE/usr/share/bash-completion/completions/meridian"
"$STAGE/usr/bin/meridian" --generate-completion-script zsh > "$STAGE/usr/share/zsh/vendor-completions/_meridian"
"$STAGE/usr/bin/meridian" --generate-completion-script fish > "$STAGE/usr/share/fish/vendor_completions.d/meridian.fish"

# Depends: the packages of the shared libraries the binary loads, as Debian computes them.
SHLIBS="$(mktemp -d)"
trap 'rm -rf "$SHLIBS"' EXIT
mkdir "$SHLIBS/debian"
printf 'Source: meridian\n\nPackage: meridian\nArchitecture: amd64\n' > "$SHLIBS/debian/control"
DEPENDS="$(cd "$SHLIBS" && dpkg-shlibdeps -O "$STAGE/usr/bin/meridian" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')"
[ -n "$DEPENDS" ] || { echo "package: dpkg-shlibdeps found no dependencies" >&2; exit 1; }

cat > "$STAGE/DEBIAN/control" <<CONTROL
Package: meridian
Version: $VERSION
Architecture: amd64
Maintainer: The Meridian developers <meridian@example.org>
Installed-Size: $(du -sk --exclude=DEBIAN "$STAGE" | cut -f1)
Depends: $DEPENDS, fonts-dejavu-core
Recommends: tilemaker, osmium-tool, fonts-noto-core, fonts-noto-cjk
Section: utils
Priority: optional
Description: map engine: camera math, map images, tiles server and viewer
 Meridian is the camera-and-view system of a mobile maps SDK as a tool and a
 server: exact camera math (fit, project, visible region, tile cover,
 animations), map images drawn from OpenMapTiles-schema MBTiles and PMTiles
 through a camera with bearing and tilt, and "meridian serve": static maps,
 raster and vector tiles, MapLibre styles, TileJSON and a browser viewer.
 .
 The package ships a default dataset (world shorelines, places, imagery; the
 streets of central Helsinki and of Karhula, Kotka) read-only in
 /usr/share/meridian; "meridian data import" adds regions to the user's
 folder. A systemd unit runs "meridian serve" on loopback.
CONTROL
(cd "$STAGE" && find . -type f ! -path './DEBIAN/*' -printf '%P\0' | sort -z | xargs -0 md5sum) > "$STAGE/DEBIAN/md5sums"
chmod 0644 "$STAGE/DEBIAN/control" "$STAGE/DEBIAN/md5sums"
find "$STAGE" -type d -exec chmod 0755 {} +
mkdir -p "$OUT"
dpkg-deb --root-owner-group -Zxz --build "$STAGE" "$OUT/meridian_${VERSION}_amd64.deb" >/dev/null
echo "package: $OUT/meridian_${VERSION}_amd64.deb ($(du -h "$OUT/meridian_${VERSION}_amd64.deb" | cut -f1))"
