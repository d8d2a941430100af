"""Hostile load on a running `meridian serve` on loopback (not part of the tests; every burst
bounded in count and time, loopback only): 200 slowloris connections sending one header byte a
second, 8 of the heaviest requests the limits allow (2048x2048 at scale 2 with 2,000-point
geodesic paths) in a loop, and meanwhile a cheap 64x64 map timed once a second. Prints how many
slow connections the server closed (and with what), the cheap map's latencies and statuses, and
the heavy requests' statuses.

With SESSIONS > 0 it also opens that many viewer sessions that go silent (they never send a
message nor answer a ping) and reports when and with what code the server closed each, and
whether a new session is admitted at the end: run the server with `--max-sessions SESSIONS
--session-timeout S` (S below SECONDS) to see the cap freed.

With ENDLESS=1 in the environment it also asks, from four clients in a loop, for vector tiles
of a region whose `tiles` is a view that never ends (a recursive CTE), and reports their
statuses and latencies: make the region first with `python3 Benchmarks/hostile.py make-endless
DATA` (DATA/openmaptiles/endless.mbtiles, bounds 10–12° E, 20–22° N in the Sahara, away from
the cheap map's Helsinki) and serve DATA.

Usage: python3 Benchmarks/hostile.py PORT [SECONDS, default 20] [SESSIONS, default 0]
       python3 Benchmarks/hostile.py make-endless DATA
"""
import json
import os
import sqlite3
import socket
import statistics
import sys
import threading
import time
import urllib.error
import urllib.request

from polyline import encode

ENDLESS_BOUNDS = (10.0, 20.0, 12.0, 22.0)


def make_endless(folder):
    """An MBTiles region with sound metadata and a `tiles` view that never ends."""
    os.makedirs(f"{folder}/openmaptiles", exist_ok=True)
    path = f"{folder}/openmaptiles/endless.mbtiles"
    if os.path.exists(path):
        os.remove(path)
    db = sqlite3.connect(path)
    layers = {"vector_layers": [{"id": name, "fields": {}} for name in ("transportation", "building", "water")]}
    metadata = {"name": "endless", "format": "pbf", "minzoom": "0", "maxzoom": "14", "json": json.dumps(layers),
                "bounds": ",".join(str(v) for v in ENDLESS_BOUNDS), "center": "11,21,10"}
    db.execute("CREATE TABLE metadata (name TEXT, value TEXT)")
    db.executemany("INSERT INTO metadata VALUES (?, ?)", metadata.items())
    db.execute("CREATE VIEW tiles AS WITH RECURSIVE r(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM r) "
               "SELECT abs(random()) % 15 AS zoom_level, abs(random()) % 16384 AS tile_column, abs(random()) % 16384 AS tile_row, "
               "x'1a00' AS tile_data FROM r WHERE n < 0")
    db.commit()
    db.close()
    print(path)


if sys.argv[1] == "make-endless":
    make_endless(sys.argv[2])
    sys.exit(0)

PORT = int(sys.argv[1])
DURATION = float(sys.argv[2]) if len(sys.argv) > 2 else 20.0
SESSIONS = int(sys.argv[3]) if len(sys.argv) > 3 else 0
BASE = f"http://127.0.0.1:{PORT}"
stop = time.time() + DURATION
results = {"endless": [], "endless_status": {}, "sessions": [], "slow_closed": 0, "slow_408": 0, "slow_open_at_end": 0, "heavy": {}, "cheap": [], "cheap_status": {}}
lock = threading.Lock()


def slowloris(i):
    s = socket.create_connection(("127.0.0.1", PORT))
    s.settimeout(1.0)
    request = b"GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 10_000
    received = b""
    for byte in request:
        if time.time() > stop:
            break
        try:
            s.sendall(bytes([byte]))
        except OSError:
            break
        try:
            chunk = s.recv(4096)
            if not chunk:
                break
            received += chunk
        except socket.timeout:
            pass
        except OSError:
            break
    else:
        pass
    with lock:
        if received.startswith(b"HTTP/1.1 408"):
            results["slow_408"] += 1
        if time.time() <= stop:
            results["slow_closed"] += 1
        else:
            results["slow_open_at_end"] += 1
    s.close()


def status_of(url):
    """The status of a GET, or the name of the connection error (a result too)."""
    try:
        return urllib.request.urlopen(url, timeout=60).status
    except urllib.error.HTTPError as e:
        return e.code
    except Exception as e:  # noqa: BLE001
        return type(e).__name__


def timed(name, url):
    """GETs `url`, recording its latency (ms) in results[name] and its status in results[name + "_status"]."""
    t = time.time()
    status = status_of(url)
    with lock:
        results[name].append((time.time() - t) * 1000)
        results[name + "_status"][status] = results[name + "_status"].get(status, 0) + 1
    return t


def heavy(i):
    path = encode([(60 + 0.01 * (k % 50), 24 + 0.3 * k / 2000 + 0.001 * i) for k in range(2000)])
    n = 0
    while time.time() < stop:
        n += 1   # a new bearing each time: every request is drawn, none comes from the cache
        url = f"{BASE}/staticmap?size=2048x2048&scale=2&path=weight:5|geodesic:true|enc:{path}&bearing={(37 * n + i) % 360}&tilt=45"
        status = status_of(url)
        with lock:
            results["heavy"][status] = results["heavy"].get(status, 0) + 1


def cheap():
    k = 0
    while time.time() < stop:
        k += 1
        t = timed("cheap", f"{BASE}/staticmap?center=60.17,24.94&zoom={12 + (k % 5)}&size=64x64&bearing={k % 360}")
        time.sleep(max(0, 1 - (time.time() - t)))


def endless(i):
    """Tiles inside the endless region, each a new one (no cache): status and latency."""
    k = 0
    while time.time() < stop:
        k += 1
        z = 10 + k % 5
        n = 2 ** z
        x = int((11 + 180) / 360 * n) + (k // 5) % 3
        y = int(n * 0.4375) + i   # about 21.9° N at every zoom
        timed("endless", f"{BASE}/data/openmaptiles/{z}/{x}/{y}.pbf")


UPGRADE = (b"GET /session HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
           b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")


def session_close(s, until):
    """Reads a session's frames until the server closes it or `until`; the close code and when.
    Frames are parsed one by one (the server's are unmasked): a close frame's (opcode 8) code
    is its payload's first two bytes; frames of the map carry any byte, 0x88 included."""
    data, start = b"", time.time()
    while time.time() < until:
        try:
            chunk = s.recv(65536)
        except socket.timeout:
            continue
        except OSError:
            break
        if not chunk:
            break
        data += chunk
        if b"\r\n\r\n" in data and data.startswith(b"HTTP/"):
            data = data.split(b"\r\n\r\n", 1)[1]
        while len(data) >= 2:
            opcode, length, at = data[0] & 0x0F, data[1] & 0x7F, 2
            if length == 126:
                if len(data) < 4:
                    break
                length, at = int.from_bytes(data[2:4], "big"), 4
            elif length == 127:
                if len(data) < 10:
                    break
                length, at = int.from_bytes(data[2:10], "big"), 10
            if len(data) < at + length:
                break
            payload, data = data[at:at + length], data[at + length:]
            if opcode == 8:
                return (int.from_bytes(payload[:2], "big") if len(payload) >= 2 else 1005), time.time() - start
    return None, time.time() - start


def silent_session(i):
    s = socket.create_connection(("127.0.0.1", PORT))
    s.settimeout(0.5)
    s.sendall(UPGRADE)
    code, seconds = session_close(s, stop)
    with lock:
        results["sessions"].append((code, seconds))
    s.close()


threads = [threading.Thread(target=silent_session, args=(i,)) for i in range(SESSIONS)]
threads += [threading.Thread(target=slowloris, args=(i,)) for i in range(200)]
threads += [threading.Thread(target=heavy, args=(i,)) for i in range(8)]
threads.append(threading.Thread(target=cheap))
if os.environ.get("ENDLESS") == "1":
    threads += [threading.Thread(target=endless, args=(i,)) for i in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join(timeout=DURATION + 90)
if SESSIONS:
    s = socket.create_connection(("127.0.0.1", PORT))
    s.settimeout(0.5)
    s.sendall(UPGRADE)
    code, _ = session_close(s, time.time() + 2)
    s.close()
    closed = sorted(round(t, 1) for c, t in results["sessions"] if c == 1001)
    print(f"silent sessions: {SESSIONS}; closed with 1001 after {closed} s; other ends "
          f"{[c for c, _ in results['sessions'] if c != 1001]}; a new session at the end: "
          f"{'refused (1013)' if code == 1013 else 'admitted' if code is None else f'closed {code}'}")
c = sorted(results["cheap"])
print(f"slowloris: 200 connections; closed by the server before the end: {results['slow_closed']} "
      f"(with a 408: {results['slow_408']}); still open at the end: {results['slow_open_at_end']}")
print(f"heavy (2048x2048 @2, 2,000-point geodesic path) x8 in a loop: statuses {results['heavy']}")
if c:
    print(f"cheap 64x64 map once a second: {len(c)} requests, statuses {results['cheap_status']}, "
          f"p50 {statistics.median(c):.0f} ms, max {c[-1]:.0f} ms")
e = sorted(results["endless"])
if e:
    print(f"endless-view region, 4 clients in a loop: {len(e)} tiles asked, statuses {results['endless_status']}, "
          f"p50 {statistics.median(e):.0f} ms, max {e[-1]:.0f} ms")
