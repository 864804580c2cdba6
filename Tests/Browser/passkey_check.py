"""Passkeys in a real browser: the emulator's page for a web app (/web/passkeys/{backend}) in
headless Chromium with the DevTools protocol's virtual authenticator (WebAuthn domain: CTAP2,
internal transport, resident keys, user verification), on both backends: sign in with a mailed
code, register a passkey (navigator.credentials.create), sign out, sign in with the passkey and no
username (navigator.credentials.get, discoverable). Then: the authenticator holds one credential
for the user, the server's stored sign count (the console's user page) follows the
authenticator's, and a passkey removed in the console is refused at the next sign-in.

The page must be opened at http://localhost:PORT (127.0.0.1 is not a valid RP ID), with the
services configured for RP ID localhost and that origin (GOTRUE_WEBAUTHN_* and login serve
--firebase-passkey-origin; Scripts/browser-tests.sh starts it so).

Usage: passkey_check.py BASE_URL FIREBASE_PROJECT SCREENSHOT_DIR
"""
import base64
import json
import re
import sys
import time
import urllib.parse
import urllib.request

from cdp import Browser, BrowserError

base, project, shots = sys.argv[1], sys.argv[2], sys.argv[3]
passed = []


def check(condition, what):
    if not condition:
        raise AssertionError(what)
    passed.append(what)


def get(path):
    with urllib.request.urlopen(base + path, timeout=15) as response:
        return response.read().decode()


def mailed_code(email):
    end = time.time() + 15
    while time.time() < end:
        messages = json.loads(get("/mailbox/" + urllib.parse.quote(email)))
        if messages:
            return messages[-1]["code"]
        time.sleep(0.1)
    raise AssertionError(f"no code mailed to {email}")


def stored_passkeys(console_path):
    """The console's passkey rows: (name, last used, sign count) each."""
    page = get(console_path)
    rows = re.findall(r'<tr><th scope="row">([^<]*)</th><td class="mono">[^<]*</td><td>.*?</td><td>(.*?)</td>'
                      r'<td class="sign-count">(\d+)</td>', page)
    return [(name, last_used, int(count)) for name, last_used, count in rows]


def status(browser):
    return browser.evaluate("(() => { const s = document.getElementById('status'); "
                            "return {text: s.textContent, ...s.dataset}; })()")


def outcome(browser, what, state):
    """Waits until the page says `state` (or an error) and returns its status."""
    browser.wait_for(f"['{state}', 'error'].includes(document.getElementById('status').dataset.state)", f"{what}: {state}")
    result = status(browser)
    if result.get("state") != state:
        raise AssertionError(f"{what}: {result.get('text')}")
    return result


def press(browser, button, state):
    """Clicks a button with a user gesture (as a person's click is) and waits for its outcome."""
    browser.send("Runtime.evaluate", expression=f"document.getElementById('{button}').click()", userGesture=True)
    return outcome(browser, button, state)


def submit(browser, form, state):
    browser.evaluate(f"document.getElementById('{form}').requestSubmit()")
    return outcome(browser, form, state)


def run(browser, backend, refused_code):
    page = f"{base}/web/passkeys/{backend}"
    browser.navigate(page)
    browser.send("WebAuthn.enable", enableUI=False)
    authenticator = browser.send("WebAuthn.addVirtualAuthenticator", options={
        "protocol": "ctap2", "transport": "internal", "hasResidentKey": True, "hasUserVerification": True,
        "isUserVerified": True, "automaticPresenceSimulation": True})["authenticatorId"]

    email = f"passkey-{backend}-{int(time.time() * 1000)}@example.com"
    browser.fill("#email", email)
    submit(browser, "email-form", "code-sent")
    browser.fill("#code", mailed_code(email))
    signed_in = submit(browser, "code-form", "signed-in")
    user = signed_in["user"]
    check(user != "", f"{backend}: signed in with a mailed code as {user}")
    console = f"/console/users/{'supabase' if backend == 'supabase' else 'firebase:' + project}/{user}"

    press(browser, "register", "registered")
    credentials = browser.send("WebAuthn.getCredentials", authenticatorId=authenticator)["credentials"]
    check(len(credentials) == 1, f"{backend}: the virtual authenticator holds one credential after registering")
    credential = credentials[0]
    check(credential["isResidentCredential"] and credential["rpId"] == "localhost",
          f"{backend}: a discoverable credential for RP ID localhost")
    check(base64.b64decode(credential["userHandle"]) == user.encode(), f"{backend}: its user handle is the user's id")
    rows = stored_passkeys(console)
    check(len(rows) == 1 and rows[0][1] == "never",
          f"{backend}: the console lists the passkey ({rows[0][0] if rows else '-'}), never used")
    check(rows[0][2] == credential["signCount"], f"{backend}: the stored sign count is the authenticator's ({credential['signCount']})")

    press(browser, "sign-out", "signed-out")
    browser.fill("#email", "")
    browser.fill("#code", "")
    again = press(browser, "passkey", "signed-in")
    check(again["user"] == user and again["method"] == "passkey",
          f"{backend}: signed in with the passkey and no username, as the same user, method passkey")
    browser.screenshot(f"{shots}/passkey-{backend}.png")
    credentials = browser.send("WebAuthn.getCredentials", authenticatorId=authenticator)["credentials"]
    check(len(credentials) == 1, f"{backend}: still one credential after signing in")
    rows = stored_passkeys(console)
    count = credentials[0]["signCount"]
    check(count > credential["signCount"] and rows[0][2] == count,
          f"{backend}: the sign count grew ({credential['signCount']} to {count}) and the server stored it")
    check(rows[0][1] != "never", f"{backend}: the console shows the passkey's last use")

    browser.navigate(base + console)
    browser.click("form[action$='/delete-passkey'] button")
    check("The passkey is removed" in browser.text() and stored_passkeys(console) == [],
          f"{backend}: the console's Remove button removed it")
    browser.navigate(page)
    browser.send("Runtime.evaluate", expression="document.getElementById('passkey').click()", userGesture=True)
    browser.wait_for("document.getElementById('status').dataset.state === 'error'", f"{backend}: a removed passkey refused")
    check(refused_code in status(browser)["text"], f"{backend}: the removed passkey is refused ({refused_code})")
    browser.send("WebAuthn.removeVirtualAuthenticator", authenticatorId=authenticator)


try:
    with Browser(deadline=20.0) as browser:
        run(browser, "supabase", "webauthn_verification_failed")
        run(browser, "firebase", "PASSKEY_ENROLLMENT_NOT_FOUND")
except (AssertionError, BrowserError) as failure:
    print(f"passkeys: FAILED after {len(passed)} checks: {failure}")
    sys.exit(1)
print(f"passkeys: {len(passed)} checks passed: " + "; ".join(passed))
