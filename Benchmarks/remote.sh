#!/usr/bin/env bash
# Issue 35's remote benchmark: the default data as PMTiles (the reference converter that
# scripts/build-data.sh unzips), served by nginx on loopback with ranges and ETags, drawn cold and
# warm from there and from the same files on disk, interleaved (Sources/RemoteFrames).
# Usage: bash Benchmarks/remote.sh DATA_FOLDER [ROUNDS]   (run.sh runs it)
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$HERE"
DATA="$1"; ROUNDS="${2:-15}"
REMOTE="$HERE/out/remote"; rm -rf "$REMOTE"; mkdir -p "$REMOTE/data/openmaptiles" "$REMOTE/nginx"
for name in openmaptiles/helsinki openmaptiles/kotka world coast satellite; do
  PYTHONPATH="$DATA/tools/pmtiles" python3 -c 'import sys; from pmtiles.convert import mbtiles_to_pmtiles; mbtiles_to_pmtiles(sys.argv[1], sys.argv[2], 30)' \
    "$DATA/$name.mbtiles" "$REMOTE/data/$name.pmtiles"
done
echo '["openmaptiles/helsinki.pmtiles", "openmaptiles/kotka.pmtiles", "world.pmtiles", "coast.pmtiles", "satellite.pmtiles"]' > "$REMOTE/data/manifest.json"
PORT="${REMOTE_PORT:-18791}"
cat > "$REMOTE/nginx/nginx.conf" <<NGINX
daemon on; worker_processes 1; pid $REMOTE/nginx/nginx.pid; error_log $REMOTE/nginx/error.log;
events { worker_connections 256; }
http { access_log off; client_body_temp_path $REMOTE/nginx/body; proxy_temp_path $REMOTE/nginx/proxy;
  fastcgi_temp_path $REMOTE/nginx/fastcgi; uwsgi_temp_path $REMOTE/nginx/uwsgi; scgi_temp_path $REMOTE/nginx/scgi;
  types { application/json json; application/octet-stream pmtiles; }
  server { listen 127.0.0.1:$PORT; root $REMOTE/data; location / { } } }
NGINX
/usr/sbin/nginx -p "$REMOTE/nginx" -c "$REMOTE/nginx/nginx.conf"
trap '/usr/sbin/nginx -p "$REMOTE/nginx" -c "$REMOTE/nginx/nginx.conf" -s stop' EXIT
swift build -c release --product RemoteFrames >/dev/null
"$(swift build -c release --show-bin-path)/RemoteFrames" "$REMOTE/data" "http://127.0.0.1:$PORT/manifest.json" "$ROUNDS"
