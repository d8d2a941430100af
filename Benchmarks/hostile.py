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

Usage: python3 Benchmarks/hostile.py PORT [SECONDS, default 20] [SESSIONS, default 0]
"""
import socket
import statistics
import sys
import threading
import time
import urllib.error
import urllib.request

from polyline import encode

PORT = int(sys.argv[1])
DURATION = float(sys.argv[2]) if len(sys.argv) > 2 else 20.0
SESSIONS = int(sys.argv[3]) if len(sys.argv) > 3 else 0
BASE = f"http://127.0.0.1:{PORT}"
stop = time.time() + DURATION
results = {"sessions": [], "slow_closed": 0, "slow_408": 0, "slow_open_at_end": 0, "heavy": {}, "cheap": [], "cheap_status": {}}
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


def heavy(i):
    path = encode([(60 + 0.01 * (k % 50), 24 + 0.3 * k / 2000 + 0.001 * i) for k in range(2000)])
    n = 0
    while time.time() < stop:
        n += 1   # a new bearing each time: every request is drawn, none comes from the cache
        url = f"{BASE}/staticmap?size=2048x2048&scale=2&path=weight:5|geodesic:true|enc:{path}&bearing={(37 * n + i) % 360}&tilt=45"
        try:
            status = urllib.request.urlopen(url, timeout=60).status
        except urllib.error.HTTPError as e:
            status = e.code
        except Exception as e:  # noqa: BLE001 - a connection error is a result too
            status = type(e).__name__
        with lock:
            results["heavy"][status] = results["heavy"].get(status, 0) + 1


def cheap():
    k = 0
    while time.time() < stop:
        k += 1
        url = f"{BASE}/staticmap?center=60.17,24.94&zoom={12 + (k % 5)}&size=64x64&bearing={k % 360}"
        t = time.time()
        try:
            status = urllib.request.urlopen(url, timeout=60).status
        except urllib.error.HTTPError as e:
            status = e.code
        except Exception as e:  # noqa: BLE001
            status = type(e).__name__
        with lock:
            results["cheap"].append((time.time() - t) * 1000)
            results["cheap_status"][status] = results["cheap_status"].get(status, 0) + 1
        time.sleep(max(0, 1 - (time.time() - t)))


UPGRADE = (b"GET /session HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
           b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")


def session_close(s, until):
    """Reads a session's bytes until the server closes it or `until`; the close code and when."""
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
        # The close frame (0x88) is the last the server sends; its code is the payload's first two bytes.
        at = data.rfind(b"\x88")
        if at >= 0 and len(data) >= at + 4 and data[at + 1] & 0x7F >= 2:
            return int.from_bytes(data[at + 2:at + 4], "big"), time.time() - start
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
