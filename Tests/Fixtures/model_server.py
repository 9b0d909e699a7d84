#!/usr/bin/env python3
"""A small HTTP server for the model installer's tests, on 127.0.0.1 and a free port (printed first).

Paths, each naming a file NAME in the served folder:
  /files/NAME            the file
  /slow/NAME             the file, 8 KiB every 50 ms (a server that throttles)
  /paced/NAME            the file, 64 KiB every 50 ms (long enough for a second request to join)
  /status/CODE/NAME      answers CODE (404, 500, ...) with a short body
  /hang/NAME             sends the headers and 1 KiB, then stops answering
  /count/PATH            how many requests PATH (e.g. files/NAME) has had, as text
"""
import http.server
import os
import sys
import threading
import time

ROOT = sys.argv[1]
COUNTS = {}
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
        with LOCK:
            key = "/".join(parts)
            COUNTS[key] = COUNTS.get(key, 0) + 1
        if mode == "status":
            self.reply(int(parts[1]), b"no such model here\n")
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
            elif mode == "hang":
                self.wfile.write(data[:1024])
                self.wfile.flush()
                time.sleep(3600)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def reply(self, code, body):
        self.send_response(code)
        self.send_header("Content-Type", "text/plain")
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
