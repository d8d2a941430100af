#!/usr/bin/env bash
# Sets up a fresh Debian machine for Meridian: checks the Swift toolchain and installs the
# Debian packages the build needs (scripts/apt-packages.txt). Safe to run any number of times:
# it installs only what is missing and touches nothing else.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

if ! command -v swift >/dev/null 2>&1; then
  for dir in /opt/swift/usr/bin /usr/share/swift/usr/bin; do
    [ -x "$dir/swift" ] && export PATH="$dir:$PATH"
  done
fi
if ! command -v swift >/dev/null 2>&1; then
  echo "setup: no Swift toolchain found. Meridian needs Swift 6.0 or later (tested with 6.3.1)." >&2
  exit 1
fi

missing=()
while read -r pkg; do
  pkg="${pkg%%#*}"; pkg="${pkg// /}"
  [ -z "$pkg" ] && continue
  dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done < "$ROOT/scripts/apt-packages.txt"
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  for attempt in 1 2 3; do
    ($SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}") && break
    echo "setup: apt busy, retrying ($attempt)"; sleep 10
  done
fi
# Blend2D, the geometry rasteriser, as a static library from its PyPI wheel (scripts/blend2d.sh).
bash "$ROOT/scripts/blend2d.sh"
echo "setup: ok ($(swift --version 2>&1 | head -n 1))"
