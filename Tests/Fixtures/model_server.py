#!/usr/bin/env python3
"""A small HTTP server for the model installer's tests, on 127.0.0.1 and a free port (printed first).

Paths, each naming a file NAME in the served folder:
  /files/NAME            the file
  /slow/NAME             the file, 8 KiB every 50 ms (a server that throttles)
  /paced/NAME            the file, 64 KiB every 50 ms (long enough for a second request to join)
  /status/CODE/NAME      answers CODE (404, 500, ...) with a short body
  /hang/NAME             sends the headers and 1 KiB, then stops answering
  /drip/NAME             the file, 1 byte a second (never silent, never done)
  /page/NAME             a 200 text/html "your download will start shortly" page instead of the file
  /sourceforge/NAME      like SourceForge: a browser (User-Agent with Mozilla, or none) gets the page,
                         a download tool a redirect to a mirror (/redirect/2/NAME)
  /redirect/N/NAME       302 to /redirect/N-1/NAME, and from /redirect/0/NAME to /files/NAME
  /count/PATH            how many requests PATH (e.g. files/NAME) has had, as text
  /agent/PATH            the User-Agent of the last request for PATH, as text
"""
import http.server
import os
import sys
import threading
import time

ROOT = sys.argv[1]
COUNTS = {}
AGENTS = {}
INTERSTITIAL = (b"<!DOCTYPE html>\n<html><head><title>Downloading</title></head>"
                b"<body>Your download will start shortly...</body></html>\n")
LOCK = threading.Lock()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        parts = self.path.lstrip("/").split("/")
        mode = parts[0]
        if mode == "count":
            key = "/".join(parts[1:])
            with LOCK:
                self.reply(200, str(COUNTS.get(key, 0)).encode())
            return
        if mode == "agent":
            key = "/".join(parts[1:])
            with LOCK:
                self.reply(200, AGENTS.get(key, "").encode())
            return
        agent = self.headers.get("User-Agent", "")
        with LOCK:
            key = "/".join(parts)
            COUNTS[key] = COUNTS.get(key, 0) + 1
            AGENTS[key] = agent
        if mode == "status":
            self.reply(int(parts[1]), b"no such model here\n")
            return
        if mode == "page" or (mode == "sourceforge" and (agent == "" or "Mozilla" in agent)):
            self.reply(200, INTERSTITIAL, "text/html; charset=utf-8")
            return
        if mode == "sourceforge":
            self.redirect("/redirect/2/" + "/".join(parts[1:]))
            return
        if mode == "redirect":
            hops, name = int(parts[1]), "/".join(parts[2:])
            self.redirect("/redirect/%d/%s" % (hops - 1, name) if hops > 0 else "/files/" + name)
            return
        name = "/".join(parts[1:])
        path = os.path.join(ROOT, name)
        if ".." in parts or not os.path.isfile(path):
            self.reply(404, b"not found\n")
            return
        with open(path, "rb") as f:
            data = f.read()
        self.send_response(200)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        try:
            if mode == "files":
                self.wfile.write(data)
            elif mode in ("slow", "paced"):
                step = 8192 if mode == "slow" else 65536
                for start in range(0, len(data), step):
                    self.wfile.write(data[start:start + step])
                    self.wfile.flush()
                    time.sleep(0.05)
            elif mode == "drip":
                for start in range(len(data)):
                    self.wfile.write(data[start:start + 1])
                    self.wfile.flush()
                    time.sleep(1)
            elif mode == "hang":
                self.wfile.write(data[:1024])
                self.wfile.flush()
                time.sleep(3600)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def redirect(self, location):
        self.send_response(302)
        self.send_header("Location", location)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def reply(self, code, body, content_type="text/plain"):
        self.send_response(code)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def exit_when_parent_goes():
    # The test keeps our standard input open; when it exits, the pipe closes and so do we.
    sys.stdin.read()
    os._exit(0)


threading.Thread(target=exit_when_parent_goes, daemon=True).start()
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print(server.server_address[1], flush=True)
server.serve_forever()
