#!/usr/bin/env python3
"""CPU per /staticmap request of `meridian serve`, for the MapLibre Native peer's four views
(1024×768, the same cameras), each request at a camera moved a few metres from the last so the
response cache never answers and every request is drawn: what a static-map service pays per
new map. Requests are sent one at a time from this process over loopback; the server's CPU
(user + system, all its threads, from /proc/PID/stat) is read before and after each view's
requests, so HTTP parsing, the render queue, labels, drawing and PNG encoding are all counted.
Prints `metric=staticmap_VIEW_cpu_ms value=…` lines (median of 5 rounds of REQUESTS each) for
summarize.py, which divides them by MapLibre Native's CPU per frame of the same view.
Usage: staticmap_cpu.py MERIDIAN_BIN DATA_FOLDER [REQUESTS] [--style FILE]"""
import http.client
import os
import socket
import statistics
import subprocess
import sys
import time
import urllib.request

VIEWS = {
    "z15": (60.1716, 24.9443, 15, 0, 0),
    "z17": (60.1712, 24.9425, 17, 0, 0),
    "tilt": (60.1695, 24.9523, 17, 30, 60),
    "world": (0.0, 0.0, 2, 0, 0),
}


def cpu_seconds(pid):
    """User + system CPU of a process, all threads, in seconds."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    style = sys.argv[sys.argv.index("--style") + 1] if "--style" in sys.argv else None
    if style in args:
        args.remove(style)
    binary, data = args[0], args[1]
    requests = int(args[2]) if len(args) > 2 else 40
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    command = [binary, "serve", "--host", "127.0.0.1", "--port", str(port), "--data", data]
    if style:
        command += ["--style", style]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        base = f"http://127.0.0.1:{port}"
        for _ in range(300):
            try:
                urllib.request.urlopen(base + "/health", timeout=2).read()
                break
            except OSError:
                time.sleep(0.1)
        else:
            sys.exit("staticmap_cpu.py: meridian serve did not answer /health")
        counter = 0
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        for view, (lat, lng, zoom, bearing, tilt) in VIEWS.items():
            def fetch():
                nonlocal counter
                counter += 1
                # About 1 m apart at Helsinki's latitude: the same tiles, a new camera each time.
                moved = lat + counter * 1e-5
                url = (f"/staticmap?center={moved:.6f},{lng:.6f}&zoom={zoom}&size=1024x768"
                       f"&bearing={bearing}&tilt={tilt}")
                connection.request("GET", url)
                body = connection.getresponse().read()
                if not body.startswith(b"\x89PNG"):
                    sys.exit(f"staticmap_cpu.py: {url} did not answer a PNG")
            for _ in range(3):  # warm: tiles decoded and prepared, as for the peer's warm-up render
                fetch()
            rounds = []
            for _ in range(5):
                before = cpu_seconds(server.pid)
                for _ in range(requests):
                    fetch()
                rounds.append((cpu_seconds(server.pid) - before) / requests * 1000)
            print(f"metric=staticmap_{view}_cpu_ms value={statistics.median(rounds):.2f}", flush=True)
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
