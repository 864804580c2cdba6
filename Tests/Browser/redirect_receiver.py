"""A loopback HTTP server that records the redirects a provider or a backend sends a browser to,
standing in for an app's redirect URI in the browser tests."""
import http.server
import threading
import time
import urllib.parse


class RedirectReceiver:
    def __init__(self):
        receiver = self
        self.requests = []

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                receiver._record(self, "GET", "")

            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                receiver._record(self, "POST", self.rfile.read(min(length, 65536)).decode("utf-8", "replace"))

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}"

    def _record(self, handler, method, body):
        path, _, query = handler.path.partition("?")
        fields = dict(urllib.parse.parse_qsl(query, keep_blank_values=True))
        fields.update(dict(urllib.parse.parse_qsl(body, keep_blank_values=True)))
        if path != "/favicon.ico":
            self.requests.append({"method": method, "path": path, "fields": fields})
        page = b"<!doctype html><title>Received</title><p>received</p>"
        handler.send_response(200)
        handler.send_header("Content-Type", "text/html")
        handler.send_header("Content-Length", str(len(page)))
        handler.end_headers()
        handler.wfile.write(page)

    def wait(self, count, deadline=20.0):
        end = time.time() + deadline
        while time.time() < end:
            if len(self.requests) >= count:
                return self.requests[count - 1]
            time.sleep(0.05)
        raise AssertionError(f"no redirect #{count} arrived within {deadline} s")

    def close(self):
        self.server.shutdown()
        self.server.server_close()
