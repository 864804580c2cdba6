"""Browser sign-in through `login serve`, in a real browser (headless Chromium over CDP), as an
app's web front end does it: Supabase's /authorize with PKCE then grant_type=pkce, and Firebase's
createAuthUri then signInWithIdp with the sessionId; Apple (first time with name and Hide My
Email, then returning) and Google on both; a cancel on each.

Usage: web_sign_in_check.py BASE_URL ANON_KEY FIREBASE_PROJECT
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
from provider_answers import apple_pages, google_page
from redirect_receiver import RedirectReceiver

base, anon, project = sys.argv[1], sys.argv[2], sys.argv[3]
passed = []


def check(condition, what):
    if not condition:
        raise AssertionError(what)
    passed.append(what)


def post_json(url, body, headers=None):
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=15) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


def supabase_sign_in(browser, receiver, count, provider, answer):
    verifier = secrets.token_urlsafe(32)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    browser.navigate(base + "/auth/v1/authorize?" + urllib.parse.urlencode({
        "provider": provider, "redirect_to": receiver.base + "/supabase?app_state=x1",
        "code_challenge": challenge, "code_challenge_method": "s256"}))
    answer(browser)
    fields = receiver.wait(count)["fields"]
    if "code" not in fields:
        return fields, None
    status, session = post_json(base + "/auth/v1/token?grant_type=pkce", {"auth_code": fields["code"], "code_verifier": verifier},
                                {"apikey": anon})
    check(status == 200, f"Supabase {provider}: the code and the verifier give a session")
    status, again = post_json(base + "/auth/v1/token?grant_type=pkce", {"auth_code": fields["code"], "code_verifier": verifier},
                              {"apikey": anon, "X-Supabase-Api-Version": "2024-01-01"})
    check(status == 404 and again.get("code") == "flow_state_not_found", f"Supabase {provider}: the code works once")
    return fields, session


def firebase_sign_in(browser, receiver, count, provider, answer):
    key = "?key=emulator-browser-test"
    status, started = post_json(base + f"/identitytoolkit.googleapis.com/v1/accounts:createAuthUri{key}",
                                {"providerId": provider, "continueUri": receiver.base + "/firebase"})
    check(status == 200 and started.get("authUri") and started.get("sessionId"), f"Firebase {provider}: createAuthUri gives authUri and sessionId")
    browser.navigate(started["authUri"])
    answer(browser)
    request = receiver.wait(count)
    fields = request["fields"]
    if "error" in fields:
        return fields, None
    request_uri = receiver.base + "/firebase?" + urllib.parse.urlencode(fields)
    status, signed = post_json(base + f"/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp{key}", {
        "requestUri": request_uri, "sessionId": started["sessionId"], "returnSecureToken": True, "returnIdpCredential": True})
    check(status == 200 and signed.get("idToken"), f"Firebase {provider}: signInWithIdp with the redirect and the sessionId signs in")
    return fields, signed


receiver = RedirectReceiver()
apple_id = f"web-{secrets.token_hex(4)}@example.com"
count = 0
with Browser() as browser:
    # Supabase, Apple: first time, then returning; the name reaches user_metadata.
    count += 1
    fields, first = supabase_sign_in(browser, receiver, count, "apple", lambda b: apple_pages(b, apple_id, True))
    check(fields.get("app_state") == "x1", "Supabase: redirect_to keeps its own query")
    check(first["user"]["user_metadata"].get("full_name") == "Ada Lovelace", "Supabase Apple: the name from Apple's user field")
    check(first["user"]["email"].endswith("@privaterelay.appleid.com"), "Supabase Apple: Hide My Email")
    count += 1
    _, again = supabase_sign_in(browser, receiver, count, "apple", lambda b: apple_pages(b, apple_id, False))
    check(again["user"]["id"] == first["user"]["id"], "Supabase Apple: the returning sign-in is the same user")
    # Supabase, Google; a cancel at Apple.
    count += 1
    _, google = supabase_sign_in(browser, receiver, count, "google", lambda b: google_page(b, f"g-{secrets.token_hex(3)}@gmail.com"))
    check(google["user"]["app_metadata"]["provider"] == "google", "Supabase Google: signed in with Google")
    count += 1
    cancelled, _ = supabase_sign_in(browser, receiver, count, "apple", lambda b: apple_pages(b, apple_id, False, cancel=True))
    check(cancelled.get("error") == "user_cancelled_authorize", "Supabase Apple: Cancel reaches redirect_to as user_cancelled_authorize")

    # Firebase, Apple (another Apple ID: Firebase's project is its own relying party).
    firebase_apple = f"fb-{secrets.token_hex(4)}@example.com"
    count += 1
    _, fb_first = firebase_sign_in(browser, receiver, count, "apple.com", lambda b: apple_pages(b, firebase_apple, True))
    check(fb_first.get("isNewUser") is True and fb_first.get("displayName") == "Ada Lovelace", "Firebase Apple: a new user with the name")
    count += 1
    _, fb_again = firebase_sign_in(browser, receiver, count, "apple.com", lambda b: apple_pages(b, firebase_apple, False))
    check(fb_again["localId"] == fb_first["localId"] and not fb_again.get("isNewUser"), "Firebase Apple: the returning sign-in keeps the uid")
    count += 1
    _, fb_google = firebase_sign_in(browser, receiver, count, "google.com", lambda b: google_page(b, f"fg-{secrets.token_hex(3)}@gmail.com"))
    check(fb_google.get("providerId") == "google.com", "Firebase Google: signed in with Google")
    count += 1
    fb_cancel, _ = firebase_sign_in(browser, receiver, count, "google.com", lambda b: google_page(b, "", cancel=True))
    check(fb_cancel.get("error") == "access_denied", "Firebase Google: Cancel comes back as access_denied")
receiver.close()
print(f"web sign-in: {len(passed)} checks passed: " + "; ".join(passed))
