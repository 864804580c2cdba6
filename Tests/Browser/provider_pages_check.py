"""The simulated Apple and Google sign-in pages in a real browser (headless Chromium over CDP),
against a running `login serve`: first-time and returning Apple sign-ins with `form_post`,
Google's code flow with PKCE, both cancels; screenshots under Docs/images/.

Usage: provider_pages_check.py BASE_URL CLIENT_ID IMAGES_DIR
"""
import base64
import hashlib
import json
import secrets
import sys
import urllib.error
import urllib.parse
import urllib.request

from cdp import Browser
from redirect_receiver import RedirectReceiver

base, client_id, images = sys.argv[1], sys.argv[2], sys.argv[3]
passed = []


def check(condition, what):
    if not condition:
        raise AssertionError(what)
    passed.append(what)


def claims(token):
    payload = token.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))


def apple_url(receiver, state, nonce):
    return base + "/appleid/auth/authorize?" + urllib.parse.urlencode({
        "client_id": client_id, "redirect_uri": receiver.base + "/callback", "response_type": "code id_token",
        "scope": "name email", "response_mode": "form_post", "state": state, "nonce": nonce})


def post_form(url, fields):
    request = urllib.request.Request(url, data=urllib.parse.urlencode(fields).encode(), method="POST",
                                     headers={"Content-Type": "application/x-www-form-urlencoded"})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


receiver = RedirectReceiver()
apple_id = f"browser-{secrets.token_hex(4)}@example.com"
with Browser() as browser:
    # Apple, first time: Apple ID, then name and Hide My Email.
    browser.navigate(apple_url(receiver, "s-first", "n-first"))
    browser.fill("#apple_id", apple_id)
    browser.click("button[type=submit]")
    check("Create an account" in browser.text(), "Apple: a first authorization asks to create an account")
    browser.fill("#first_name", "Ada")
    browser.fill("#last_name", "Lovelace")
    browser.check("input[name=email_choice][value=hide]")
    browser.screenshot(f"{images}/apple-first-time.png")
    browser.evaluate("document.querySelector('button[value=continue]').click()")
    first = receiver.wait(1)
    check(first["method"] == "POST" and first["path"] == "/callback", "Apple: form_post to the redirect URI")
    check(first["fields"].get("state") == "s-first", "Apple: state comes back")
    user = json.loads(first["fields"]["user"])
    check(user["name"] == {"firstName": "Ada", "lastName": "Lovelace"}, "Apple: the user field carries the name the first time")
    check(user["email"].endswith("@privaterelay.appleid.com"), "Apple: Hide My Email gives a relay address")
    token = claims(first["fields"]["id_token"])
    check(token["aud"] == client_id and token["nonce"] == "n-first", "Apple: the ID token is for the client, with the nonce")
    check(token["email"] == user["email"], "Apple: the token's email is the relay address")

    # Apple, returning: only Continue; no user field.
    browser.navigate(apple_url(receiver, "s-again", "n-again") + "&apple_id=" + urllib.parse.quote(apple_id))
    check("Do you want to continue" in browser.text(), "Apple: a returning sign-in only asks to continue")
    browser.screenshot(f"{images}/apple-returning.png")
    browser.evaluate("document.querySelector('button[value=continue]').click()")
    again = receiver.wait(2)
    check("user" not in again["fields"] and again["fields"].get("state") == "s-again", "Apple: no user field after the first time")
    check(claims(again["fields"]["id_token"])["sub"] == token["sub"], "Apple: the same user id for the same app")

    # Apple, cancel.
    browser.navigate(apple_url(receiver, "s-cancel", "n-cancel"))
    browser.evaluate("document.querySelector('button[value=cancel]').click()")
    cancelled = receiver.wait(3)
    check(cancelled["fields"].get("error") == "user_cancelled_authorize" and cancelled["fields"].get("state") == "s-cancel",
          "Apple: Cancel answers user_cancelled_authorize with the state")

    # Google: the code flow with PKCE.
    google_client = sys.argv[4] if len(sys.argv) > 4 else "123456789012-authcoordinator.apps.googleusercontent.com"
    verifier = secrets.token_urlsafe(32)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    redirect = receiver.base + "/google-callback"
    browser.navigate(base + "/google/o/oauth2/v2/auth?" + urllib.parse.urlencode({
        "client_id": google_client, "redirect_uri": redirect, "response_type": "code", "scope": "openid email profile",
        "state": "g-1", "nonce": "gn-1", "code_challenge": challenge, "code_challenge_method": "S256"}))
    browser.fill("#email", f"grace-{secrets.token_hex(3)}@gmail.com")
    browser.fill("#name", "Grace Hopper")
    browser.screenshot(f"{images}/google-sign-in.png")
    browser.click("button[value=continue]")
    google = receiver.wait(4)
    check(google["method"] == "GET" and google["fields"].get("state") == "g-1" and google["fields"].get("code"),
          "Google: a redirect with the code and the state")
    code = google["fields"]["code"]
    status, wrong = post_form(base + "/google/token", {"grant_type": "authorization_code", "code": code, "client_id": google_client,
                                                       "redirect_uri": redirect, "code_verifier": "x" * 43})
    check(status == 400 and wrong["error"] == "invalid_grant", "Google: a wrong code_verifier is invalid_grant")

    browser.navigate(base + "/google/o/oauth2/v2/auth?" + urllib.parse.urlencode({
        "client_id": google_client, "redirect_uri": redirect, "response_type": "code", "scope": "openid email profile",
        "state": "g-2", "nonce": "gn-2", "code_challenge": challenge, "code_challenge_method": "S256"}))
    browser.fill("#email", "grace.page@gmail.com")
    browser.click("button[value=continue]")
    code = receiver.wait(5)["fields"]["code"]
    status, tokens = post_form(base + "/google/token", {"grant_type": "authorization_code", "code": code, "client_id": google_client,
                                                        "redirect_uri": redirect, "code_verifier": verifier})
    check(status == 200 and claims(tokens["id_token"])["nonce"] == "gn-2", "Google: the right verifier gets an ID token with the nonce")
    status, reused = post_form(base + "/google/token", {"grant_type": "authorization_code", "code": code, "client_id": google_client,
                                                        "redirect_uri": redirect, "code_verifier": verifier})
    check(status == 400 and reused["error"] == "invalid_grant", "Google: a code works once")

    browser.navigate(base + "/google/o/oauth2/v2/auth?" + urllib.parse.urlencode({
        "client_id": google_client, "redirect_uri": redirect, "response_type": "code", "state": "g-3"}))
    browser.click("button[value=cancel]")
    check(receiver.wait(6)["fields"].get("error") == "access_denied", "Google: Cancel answers access_denied")

    # A redirect URI that is not on this machine is refused on the provider's own page.
    browser.navigate(base + "/appleid/auth/authorize?" + urllib.parse.urlencode({
        "client_id": client_id, "redirect_uri": "https://attacker.example/cb", "response_type": "code"}))
    check("Invalid redirect_uri" in browser.text(), "Apple: a foreign redirect URI is refused")
receiver.close()
print(f"provider pages: {len(passed)} checks passed: " + "; ".join(passed))
