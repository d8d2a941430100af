#!/usr/bin/env bash
# Load test of `meridian serve` from a second process on loopback (not part of the tests):
#   1. the same 600x400 static map again and again (the response cache's case),
#   2. 600x400 static maps at a different camera each request (a render each; wrk + Lua),
#   3. the server's resident memory sampled every 5 s during both,
#   4. the viewer's input-to-frame latency in headless Chromium (Benchmarks/viewer_latency.py).
# Usage: bash Benchmarks/load.sh [seconds per wrk run, default 30]   (DURATION=600 for the 10-minute run)
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$HERE/.."
cd "$ROOT"
source scripts/setup.sh
command -v wrk >/dev/null || { sudo_apt=""; [ "$(id -u)" = 0 ] || sudo_apt=sudo; $sudo_apt apt-get install -y -q wrk >/dev/null; }
bash scripts/build-data.sh >/dev/null
swift build -c release --product meridian 2>&1 | tail -n 1
M="$(swift build -c release --show-bin-path)/meridian"
SECONDS_PER_RUN="${1:-${DURATION:-30}}"
PORT=18080
mkdir -p "$HERE/out"
"$M" serve --port $PORT > "$HERE/out/load-server.log" 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null || true' EXIT
for _ in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$PORT/health" && break; sleep 0.1; done
sample_memory() { while kill -0 $SERVER 2>/dev/null; do echo "$(date +%s) $(ps -o rss= -p $SERVER)"; sleep 5; done; }
sample_memory > "$HERE/out/load-memory.txt" &
SAMPLER=$!

echo "machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores; date $(date -u +%F); wrk -t2 -c8 -d${SECONDS_PER_RUN}s"
URL="http://127.0.0.1:$PORT/staticmap?center=60.1699,24.9384&zoom=15&size=600x400&bearing=30&tilt=45"
echo; echo "same static map (600x400, bearing 30, tilt 45), response cache warm after the first:"
wrk -t2 -c8 -d"${SECONDS_PER_RUN}s" --latency "$URL" | grep -E "Requests/sec|Latency|50%|99%|requests in|Non-2xx|Socket errors"
echo; echo "a different camera every request (each one drawn):"
varied="$(wrk -t2 -c8 -d"${SECONDS_PER_RUN}s" --latency -s "$HERE/load-varied.lua" "http://127.0.0.1:$PORT")"
echo "$varied" | grep -E "Requests/sec|Latency|50%|99%|requests in|Non-2xx|Socket errors"
# Machine-readable lines for summarize.py (wrk prints 99% as e.g. 350.12ms or 1.20s).
echo "$varied" | awk '/Requests\/sec/ { print "metric=uncached_staticmap_req_per_s value=" $2 }
  $1 == "99%" { v = $2; u = 1; if (v ~ /ms$/) { sub(/ms$/, "", v) } else if (v ~ /us$/) { sub(/us$/, "", v); u = 0.001 } else if (v ~ /s$/) { sub(/s$/, "", v); u = 1000 }
    print "metric=uncached_staticmap_p99_ms value=" v * u }'

kill $SAMPLER 2>/dev/null || true
curl -s "http://127.0.0.1:$PORT/metrics" | awk '$1 == "meridian_prepared_layers_bytes" { print "metric=prepared_layers_bytes value=" $2 }'
echo; echo "server resident memory (KiB) during the runs: first $(head -n 1 "$HERE/out/load-memory.txt" | cut -d' ' -f2), max $(sort -k2 -n "$HERE/out/load-memory.txt" | tail -n 1 | cut -d' ' -f2), last $(tail -n 1 "$HERE/out/load-memory.txt" | cut -d' ' -f2)"
if command -v chromium >/dev/null && /usr/bin/python3 -c "import websocket" 2>/dev/null; then
  echo; echo "viewer input-to-frame latency (headless Chromium, 1100x700, 120 drag moves at 30 ms):"
  /usr/bin/python3 "$HERE/viewer_latency.py" "http://127.0.0.1:$PORT/"
fi
