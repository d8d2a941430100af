"""The response-cache probe of issue 13 against a running `meridian serve` on loopback (not part
of the tests): COUNT distinct 1x1 maps, each with the longest key the limits allow (a
2,000-point encoded path in a request line just under 16 KiB) and a new bearing, so every one is
drawn and cached. Prints the server's resident memory (VmRSS, and its peak VmHWM) from
/proc/PID/status before, during and after, and the cache's own bytes and entries from /metrics,
against the documented 64 MiB bound.

Usage: python3 Benchmarks/cache_probe.py PORT PID [COUNT, default 3000]
"""
import re
import sys
import urllib.request

from polyline import encode

PORT, PID = int(sys.argv[1]), int(sys.argv[2])
COUNT = int(sys.argv[3]) if len(sys.argv) > 3 else 3000
BASE = f"http://127.0.0.1:{PORT}"


def memory():
    status = open(f"/proc/{PID}/status").read()
    rss = int(re.search(r"VmRSS:\s+(\d+)", status).group(1)) / 1024
    peak = int(re.search(r"VmHWM:\s+(\d+)", status).group(1)) / 1024
    return rss, peak


def cache():
    text = urllib.request.urlopen(f"{BASE}/metrics", timeout=30).read().decode()
    def gauge(name):
        m = re.search(rf"^{name}(?:{{[^}}]*}})? (\S+)$", text, re.M)
        return float(m.group(1)) if m else float("nan")
    return gauge("meridian_response_cache_bytes") / 2**20, int(gauge("meridian_response_cache_entries"))


path = encode([(60.1 + 0.0003 * (k % 97), 24.9 + 0.00021 * k) for k in range(2000)])
url = f"{BASE}/staticmap?center=60.17,24.94&zoom=12&size=1x1&path=weight:2|enc:{path}&bearing="
print(f"request line ~{len(url) - len(BASE) + 20} bytes; {COUNT} distinct maps")
print(f"{'maps':>6} {'RSS MiB':>8} {'peak MiB':>9} {'cache MiB':>10} {'entries':>8}")
rss, peak = memory()
print(f"{0:>6} {rss:>8.1f} {peak:>9.1f} {'-':>10} {'-':>8}")
statuses = {}
for i in range(1, COUNT + 1):
    try:
        status = urllib.request.urlopen(url + f"{(i * 0.01) % 360:.2f}", timeout=60).status
    except urllib.error.HTTPError as e:
        status = e.code
    statuses[status] = statuses.get(status, 0) + 1
    if i % (COUNT // 6) == 0 or i == COUNT:
        rss, peak = memory()
        mib, entries = cache()
        print(f"{i:>6} {rss:>8.1f} {peak:>9.1f} {mib:>10.1f} {entries:>8}")
print("statuses:", statuses)
