"""A small driver for headless Chromium over the DevTools protocol (CDP), for the browser tests.

Starts `chromium --headless` with its own profile, talks to one page target over a WebSocket
(websocket-client from PyPI), and offers what the tests need: navigate, wait for a condition,
fill and click through the DOM, press keys, turn JavaScript off, read the URL and text, save a PNG
screenshot. Every wait has a deadline; the browser is killed on exit.
"""
import base64
import json
import os
import shutil
import subprocess
import tempfile
import time
import urllib.request

import websocket


class BrowserError(Exception):
    pass


class Browser:
    def __init__(self, width=1280, height=900, deadline=20.0):
        self.deadline = deadline
        self.profile = tempfile.mkdtemp(prefix="cdp-profile-")
        binary = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
        if not binary:
            raise BrowserError("no chromium on PATH (apt-get install chromium)")
        self.process = subprocess.Popen(
            [binary, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
             "--disable-extensions", "--disable-background-networking", "--disable-sync", "--metrics-recording-only",
             "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0", f"--user-data-dir={self.profile}",
             f"--window-size={width},{height}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        port_file = os.path.join(self.profile, "DevToolsActivePort")
        end = time.time() + 30
        while not (os.path.exists(port_file) and open(port_file).read().strip()):
            if time.time() > end or self.process.poll() is not None:
                self.close()
                raise BrowserError("chromium did not start")
            time.sleep(0.05)
        port = int(open(port_file).read().split()[0])
        targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=10))
        page = next(t for t in targets if t.get("type") == "page")
        self.socket = websocket.create_connection(page["webSocketDebuggerUrl"], timeout=deadline)
        self.next_id = 0
        self.send("Page.enable")
        self.send("Runtime.enable")
        self.send("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1, mobile=width < 600)

    def send(self, method, **params):
        self.next_id += 1
        message_id = self.next_id
        self.socket.send(json.dumps({"id": message_id, "method": method, "params": params}))
        end = time.time() + self.deadline
        while time.time() < end:
            reply = json.loads(self.socket.recv())
            if reply.get("id") == message_id:
                if "error" in reply:
                    raise BrowserError(f"{method}: {reply['error']}")
                return reply.get("result", {})
        raise BrowserError(f"{method}: no answer within {self.deadline} s")

    def evaluate(self, expression):
        result = self.send("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise BrowserError(f"script failed: {result['exceptionDetails'].get('text')} in {expression[:80]}")
        return result.get("result", {}).get("value")

    def navigate(self, url):
        self.send("Page.navigate", url=url)
        self.wait_for_load()

    def wait_for(self, condition, what, deadline=None):
        end = time.time() + (deadline or self.deadline)
        while time.time() < end:
            try:
                if self.evaluate(condition):
                    return
            except BrowserError:
                pass
            time.sleep(0.05)
        raise BrowserError(f"timed out waiting for {what} (at {self.url()})")

    def wait_for_load(self):
        self.wait_for("document.readyState === 'complete'", "the page to load")

    def url(self):
        try:
            return self.evaluate("location.href")
        except BrowserError:
            return "?"

    def text(self):
        return self.evaluate("document.body ? document.body.innerText : ''")

    def fill(self, selector, value):
        self.evaluate(f"(() => {{ const e = document.querySelector({json.dumps(selector)}); e.focus(); e.value = {json.dumps(value)}; }})()")

    def check(self, selector):
        self.evaluate(f"document.querySelector({json.dumps(selector)}).click()")

    def click(self, selector):
        """Clicks and waits until a new document has loaded (a submit or a link)."""
        marker = f"cdp-{time.time_ns()}"
        self.evaluate(f"window.name = {json.dumps(marker)}; document.documentElement.dataset.cdpMarker = {json.dumps(marker)}")
        self.evaluate(f"document.querySelector({json.dumps(selector)}).click()")
        self.wait_for(f"document.readyState === 'complete' && document.documentElement.dataset.cdpMarker !== {json.dumps(marker)}",
                      f"the page after clicking {selector}")

    def press(self, key, code=None, key_code=0):
        """Presses and releases a key (Tab: press("Tab", "Tab", 9)), as a keyboard does."""
        for kind in ("rawKeyDown", "keyUp"):
            self.send("Input.dispatchKeyEvent", type=kind, key=key, code=code or key, windowsVirtualKeyCode=key_code)

    def disable_scripts(self, disabled=True):
        """Turns the page's JavaScript off (or on again), as a browser setting does."""
        self.send("Emulation.setScriptExecutionDisabled", value=disabled)

    def screenshot(self, path, full_page=False):
        """Saves a PNG of the viewport, or of the whole page."""
        params = {"format": "png"}
        if full_page:
            size = self.send("Page.getLayoutMetrics")["cssContentSize"]
            params.update(captureBeyondViewport=True,
                          clip={"x": 0, "y": 0, "width": size["width"], "height": size["height"], "scale": 1})
        data = self.send("Page.captureScreenshot", **params)["data"]
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as file:
            file.write(base64.b64decode(data))

    def close(self):
        try:
            self.socket.close()
        except Exception:
            pass
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)
        shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
