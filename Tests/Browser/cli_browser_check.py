"""`login apple|google|link --browser --no-open`, finished in a real browser (headless Chromium
over CDP), as a developer does it: the command prints the URL on stderr and waits on a loopback
port; the browser signs in on the provider's page and comes back to it. Both backends, the
embedded services (served for the length of the command) and a `login serve` reached as a
remote project; Apple first time (name, Hide My Email) and returning; Google; a guest linking
Google; a cancel (exit 3). A second process that knows the listener's port (any local user can
list listening ports) but not the `state` sends forged errors, cancels and codes while each
sign-in waits: they get 400 and the sign-in goes on (RFC 8252 §8.1). One round starts the browser
through `$BROWSER`, as a developer's machine does: its command line holds only the path of a 0600
page, which Chromium opens and follows.

Usage: cli_browser_check.py LOGIN_BINARY BASE_URL ANON_KEY
"""
import json
import os
import secrets
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

from cdp import Browser
from provider_answers import apple_pages, google_page

login, base, anon = sys.argv[1], sys.argv[2], sys.argv[3]
passed = []
CANCELLED = 3


def check(condition, what, detail=""):
    """Counts a passed check; a failed one stops the run, with `detail` (the command's stderr)."""
    if not condition:
        raise AssertionError(f"{what}: {detail}" if detail else what)
    passed.append(what)


def state_dir():
    directory = tempfile.mkdtemp(prefix="login-browser-")
    os.chmod(directory, 0o700)
    return directory


ATTACK = """
import sys, urllib.error, urllib.request
port = sys.argv[1]
for query in ["error=access_denied&error_description=PHISH+call+0800+now&state=guess", "error=user_cancelled_authorize",
              "code=attackers-code&state=guess", "code=attackers-code"]:
    try:
        status = urllib.request.urlopen(f"http://127.0.0.1:{port}/callback?{query}", timeout=10).status
    except urllib.error.HTTPError as error:
        status = error.code
    print(status)
"""


def listener_port(pid, url):
    """The loopback port the sign-in waits on, found as a local attacker finds it: the command's
    listening sockets (/proc/net/tcp), other than the one of the services the URL is on."""
    inodes = set()
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            target = os.readlink(f"/proc/{pid}/fd/{fd}")
        except OSError:
            continue
        if target.startswith("socket:["):
            inodes.add(target[len("socket:["):-1])
    ports = set()
    with open("/proc/net/tcp") as table:
        for line in table.readlines()[1:]:
            fields = line.split()
            if fields[3] == "0A" and fields[9] in inodes:
                ports.add(int(fields[1].split(":")[1], 16))
    ports.discard(urllib.parse.urlsplit(url).port)
    return ports.pop() if len(ports) == 1 else None


def attack(pid, url, label):
    """A second process sends forged answers without the state; each must get 400."""
    port = listener_port(pid, url)
    check(port is not None, f"{label}: the listener's port is found")
    result = subprocess.run([sys.executable, "-c", ATTACK, str(port)], capture_output=True, text=True, timeout=60)
    check(result.stdout.split() == ["400"] * 4, f"{label}: forged answers from another process get 400", result.stdout + result.stderr)
    return port


class Command:
    """A `login` run whose stderr is read as it comes, to find the URL to open."""

    def __init__(self, arguments, environment=None):
        flags = ["--browser", "--json"] + ([] if environment else ["--no-open"])
        self.process = subprocess.Popen([login, *arguments, *flags], stdin=subprocess.DEVNULL, env=environment,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.stderr = []
        self.url = None
        self.found = threading.Event()
        threading.Thread(target=self._read_stderr, daemon=True).start()

    def _read_stderr(self):
        waiting = False
        for line in self.process.stderr:
            self.stderr.append(line)
            if waiting and line.startswith("http://"):
                self.url = line.strip()
                self.found.set()
            waiting = line.startswith("Open this URL in a browser to sign in")
        self.found.set()

    def wait_for_url(self):
        if not self.found.wait(30) or self.url is None:
            self.process.kill()
            raise AssertionError("no URL on stderr: " + "".join(self.stderr))
        return self.url

    def finish(self):
        try:
            stdout, _ = self.process.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            raise AssertionError("the command did not end after the browser came back: " + "".join(self.stderr))
        time.sleep(0.1)
        return self.process.returncode, stdout, "".join(self.stderr)


def launched_page(record, url, port):
    """The page `$BROWSER` was started on (its recorded command line), checked to hold no secret."""
    deadline = time.time() + 30
    while not os.path.exists(record) and time.time() < deadline:
        time.sleep(0.05)
    with open(record) as file:
        command_line = file.read().split("\0")
    page = command_line[-2] if len(command_line) > 1 else ""
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(url).query)
    secrets_in_url = [url, f":{port}"] + [value for name in ("state", "code_challenge") for value in query.get(name, [])]
    check(all(secret not in "".join(command_line) for secret in secrets_in_url), "the browser's command line holds no port, state or challenge")
    check(oct(os.stat(page).st_mode & 0o777) == "0o600" and oct(os.stat(os.path.dirname(page)).st_mode & 0o777) == "0o700",
          "the page the browser opens is 0600 in a 0700 directory")
    return page


def sign_in(browser, arguments, answer, launch=False):
    """Runs a --browser command, answers the provider's page, returns (exit status, JSON or None, stderr).
    With `launch`, `$BROWSER` is a script recording its own command line, and Chromium opens the page it was given."""
    environment, record = None, None
    if launch:
        scratch = tempfile.mkdtemp(prefix="cli-browser-launch-")
        record = os.path.join(scratch, "cmdline")
        script = os.path.join(scratch, "browser.sh")
        with open(script, "w") as file:
            file.write(f"#!/bin/sh\ncat /proc/$$/cmdline > {record}.tmp && mv {record}.tmp {record}\n")
        os.chmod(script, 0o700)
        environment = {**os.environ, "BROWSER": script}
    command = Command(arguments, environment)
    url = command.wait_for_url()
    check(urllib.parse.urlsplit(url).hostname == "127.0.0.1", f"{arguments[0]}: the URL to open is on loopback")
    port = attack(command.process.pid, url, arguments[0])
    browser.navigate("file://" + launched_page(record, url, port) if launch else url)
    answer(browser)
    status, stdout, stderr = command.finish()
    if launch:
        shutil.rmtree(os.path.dirname(record), ignore_errors=True)
    document = json.loads(stdout.splitlines()[-1]) if status == 0 and stdout.strip() else None
    return status, document, stderr


def apple_round(browser, label, backend_arguments):
    """Apple first time with a name and Hide My Email, then a returning sign-in after logout."""
    directory = state_dir()
    common = ["--state-dir", directory, *backend_arguments]
    apple_id = f"cli-{secrets.token_hex(4)}@example.com"
    status, first, stderr = sign_in(browser, ["apple", *common], lambda b: apple_pages(b, apple_id, True), launch=True)
    check(status == 0, f"{label} Apple: the first sign-in ends with 0", stderr)
    check(first["event"] == "signedIn" and first["provider"] == "apple" and first["isNewUser"], f"{label} Apple: a new user")
    check(first["user"]["displayName"] == "Ada Lovelace", f"{label} Apple: the name typed on Apple's page")
    check(first["user"]["isPrivateEmail"] and first["user"]["email"].endswith("@privaterelay.appleid.com"), f"{label} Apple: Hide My Email")
    check("…" in first["session"]["accessToken"], f"{label} Apple: the access token is not printed whole")
    check(" error " not in stderr and " warning " not in stderr, f"{label} Apple: nothing but the URL on stderr", stderr)
    check("PHISH" not in stderr, f"{label} Apple: the attacker's text is never printed", stderr)
    check(subprocess.run([login, "logout", *common], capture_output=True).returncode == 0, f"{label}: logout")
    status, again, stderr = sign_in(browser, ["apple", *common], lambda b: apple_pages(b, apple_id, False))
    check(status == 0 and again is not None and again["user"]["id"] == first["user"]["id"], f"{label} Apple: returning, the same user", stderr)
    # GoTrue's PKCE exchange does not say whether the callback made the user; the adapter reads
    # "made less than 30 s before this sign-in" as new (SupabaseNewUserRule.pkceExchangeWindow,
    # Docs/Backends.md), which a returning sign-in seconds later is. Firebase says it outright.
    if "Firebase" in label:
        check(not again["isNewUser"], f"{label} Apple: returning is not new")
    check(again["user"]["displayName"] == "Ada Lovelace", f"{label} Apple: the name is kept though Apple sends it only once")
    status, _, _ = sign_in(browser, ["apple", *common], lambda b: apple_pages(b, apple_id, False, cancel=True))
    check(status == CANCELLED, f"{label} Apple: Cancel on Apple's page ends with 3")
    return common


def google_round(browser, label, backend_arguments):
    """A guest links Google in the browser (and keeps its id); then Google signs in alone."""
    directory = state_dir()
    common = ["--state-dir", directory, *backend_arguments]
    guest = subprocess.run([login, "anonymous", "--json", *common], capture_output=True, text=True)
    check(guest.returncode == 0, f"{label}: a guest signs in", guest.stderr)
    guest_id = json.loads(guest.stdout.splitlines()[-1])["user"]["id"]
    email = f"cli-{secrets.token_hex(3)}@gmail.com"
    status, linked, stderr = sign_in(browser, ["link", "google", *common], lambda b: google_page(b, email))
    check(status == 0, f"{label} Google: link ends with 0", stderr)
    check(linked["user"]["id"] == guest_id and "google" in linked["user"]["providers"] and not linked["user"]["isAnonymous"],
          f"{label} Google: the guest keeps its id and is no longer anonymous")
    check(subprocess.run([login, "logout", *common], capture_output=True).returncode == 0, f"{label}: logout")
    status, signed, _ = sign_in(browser, ["google", *common], lambda b: google_page(b, email))
    check(status == 0 and signed["user"]["id"] == guest_id and signed["user"]["email"] == email,
          f"{label} Google: signing in with Google finds the linked account")
    status, _, _ = sign_in(browser, ["google", *common], lambda b: google_page(b, email, cancel=True))
    check(status == CANCELLED, f"{label} Google: Cancel on Google's page ends with 3")


host = urllib.parse.urlsplit(base).netloc
with Browser() as browser:
    apple_round(browser, "embedded Supabase", ["--backend", "supabase"])
    google_round(browser, "embedded Supabase", ["--backend", "supabase"])
    apple_round(browser, "embedded Firebase", ["--backend", "firebase"])
    google_round(browser, "embedded Firebase", ["--backend", "firebase"])
    apple_round(browser, "served Supabase", ["--supabase-url", base, "--supabase-key", anon, "--idp-url", base])
    google_round(browser, "served Firebase", ["--firebase-api-key", "cli-browser-check", "--firebase-emulator-host", host, "--idp-url", base])
print(f"login --browser: {len(passed)} checks passed: " + "; ".join(passed))
