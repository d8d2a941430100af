#!/usr/bin/env python3
"""A data server that misbehaves on purpose, for Meridian's remote-archive tests: it serves one
file by range requests, badly, as MODE says.

Usage: bad_server.py FILE MODE   (prints its port, then serves until killed)
  MODE: short  (the promised range, then the connection closed half-way)
        lie    (a Content-Range other than the one asked, of a plausible length)
        long   (twice the bytes asked, Content-Length saying so)
        slow   (the headers, then nothing for a minute)
        whole  (ignores Range: 200 and the whole file)
        count  (as asked, and a line "GET" on standard output per request, after the port)
        slowfar (the first 64 KiB as asked; beyond, each answer after 0.3 s)
        stallfar (the first 64 KiB as asked: the header and directories; beyond, nothing for a
                 minute: an archive that opens, then stalls on its tiles)
        status   (a path starting /204/ answered 204 No Content, /404/ 404; others as asked)
"""
import http.server, socketserver, sys, time

FILE, MODE = sys.argv[1], sys.argv[2]
DATA = open(FILE, "rb").read()


class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_GET(self):
        if MODE == "count":
            print("GET", flush=True)
        if MODE == "status" and self.path[:5] in ("/204/", "/404/"):
            self.send_response(int(self.path[1:4]))
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        spec = self.headers.get("Range", "bytes=0-").split("=")[1]
        first, last = spec.split("-")
        first, last = int(first), min(int(last or len(DATA) - 1), len(DATA) - 1)
        body = DATA[first:last + 1]
        if MODE == "whole":
            self.send_response(200)
            self.send_header("Content-Length", str(len(DATA)))
            self.end_headers()
            self.wfile.write(DATA)
            return
        self.send_response(206)
        self.send_header("ETag", '"v1"')
        if MODE == "lie":
            self.send_header("Content-Range", f"bytes {first + 7}-{last + 7}/{len(DATA)}")
        else:
            self.send_header("Content-Range", f"bytes {first}-{last}/{len(DATA)}")
        if MODE == "long":
            body = body + body
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if MODE == "short":
            self.wfile.write(body[: len(body) // 2])
            self.wfile.flush()
            self.close_connection = True
            return
        if MODE == "slow" or (MODE == "stallfar" and first >= 65536):
            time.sleep(60)
        if MODE == "slowfar" and first >= 65536:
            time.sleep(0.3)
        self.wfile.write(body)


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True


server = Server(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
