#!/usr/bin/env bash
# Blend2D (zlib licence), the rasteriser of map geometry, as the static libblend2d.a (Blend2D
# 0.12, position-independent, needs only libc, libm, pthread and libstdc++) that the PyPI wheel
# blend2d-python 1.0.0 ships: downloaded with pip (never installed), checked against its pinned
# sha256, and unpacked into .build/blend2d/, where Package.swift links it from. Safe to run twice:
# an unpacked library with the right checksum is kept.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$ROOT/.build/blend2d"
WHEEL="blend2d_python-1.0.0-cp311-cp311-manylinux_2_27_x86_64.manylinux_2_28_x86_64.whl"
WHEEL_SHA256="b3f34b7b118234932377168032a5ed64dc5d785d2dcc406d42e74af36e8339ff"
LIB_SHA256="97977412a8f8a203db69c27d340697745fd4295eb7ce70b3e81c0ef306b8d127"
if [ -s "$OUT/libblend2d.a" ] && echo "$LIB_SHA256  $OUT/libblend2d.a" | sha256sum -c --quiet 2>/dev/null; then
  exit 0
fi
mkdir -p "$OUT"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
for attempt in 1 2 3; do
  python3 -m pip download --quiet --no-deps --disable-pip-version-check --only-binary=:all: \
    --python-version 3.11 --platform manylinux_2_28_x86_64 --implementation cp --abi cp311 \
    -d "$WORK" "blend2d-python==1.0.0" && break
  echo "blend2d: pip download failed, retrying ($attempt)"; sleep 5
done
echo "$WHEEL_SHA256  $WORK/$WHEEL" | sha256sum -c --quiet
python3 -c "import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extract('blend2d/libblend2d.a', sys.argv[2])" "$WORK/$WHEEL" "$WORK"
echo "$LIB_SHA256  $WORK/blend2d/libblend2d.a" | sha256sum -c --quiet
mv "$WORK/blend2d/libblend2d.a" "$OUT/libblend2d.a"
echo "blend2d: $OUT/libblend2d.a"
