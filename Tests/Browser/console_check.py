"""The emulator's console in a real browser (headless Chromium over CDP), against a running
`login serve`: a reset through the page; three users signed in through the REST routes (Apple on
Supabase, Google on Firebase, a guest whose name is a `<script>`) found in the users table; one
opened, its Apple authorization revoked through the page, and the next Apple sign-in a first one;
an OTP code read from the mailbox page and signed in with; live refresh of the users and mailbox
pages; an action with JavaScript off; keyboard focus; a phone-width layout. Screenshots of the
users, user and mailbox pages go to IMAGES_DIR.

Usage: console_check.py BASE_URL ANON_KEY APPLE_CLIENT_ID GOOGLE_CLIENT_ID IMAGES_DIR
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

base, anon, apple_client, google_client, images = sys.argv[1:6]
passed = []
run = secrets.token_hex(3)


def check(condition, what):
    if not condition:
        raise AssertionError(what)
    passed.append(what)


def call(method, path, body=None, headers=None, form=False):
    data = None
    all_headers = dict(headers or {})
    if body is not None:
        data = urllib.parse.urlencode(body).encode() if form else json.dumps(body).encode()
        all_headers["Content-Type"] = "application/x-www-form-urlencoded" if form else "application/json"
    request = urllib.request.Request(base + path, data=data, method=method, headers=all_headers)
    try:
        with urllib.request.urlopen(request, timeout=15) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def call_json(method, path, body=None, headers=None):
    status, text = call(method, path, body, headers)
    return status, json.loads(text) if text.startswith("{") else {}


def nonce_pair():
    raw = secrets.token_urlsafe(24)
    return raw, hashlib.sha256(raw.encode()).hexdigest()


def claims(token):
    payload = token.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))


supabase_headers = {"apikey": anon}


def apple_sheet(apple_id):
    raw, hashed = nonce_pair()
    status, answer = call_json("POST", "/appleid/auth/authorize", {
        "clientId": apple_client, "email": apple_id, "givenName": "Ada", "familyName": "Lovelace", "nonce": hashed})
    check(status == 200, "Apple's sheet answers")
    return answer, raw


def supabase_apple_user(apple_id):
    answer, raw = apple_sheet(apple_id)
    status, session = call_json("POST", "/auth/v1/token?grant_type=id_token",
                                {"provider": "apple", "id_token": answer["identityToken"], "nonce": raw}, supabase_headers)
    check(status == 200, "Supabase: an Apple sign-in over REST")
    status, _ = call_json("PUT", "/auth/v1/user", {"data": {"full_name": "Ada Lovelace"}},
                          {**supabase_headers, "Authorization": "Bearer " + session["access_token"]})
    check(status == 200, "Supabase: the app stores the name Apple gave the first time")
    return session["user"]["id"], claims(answer["identityToken"])["sub"]


def firebase_google_user(email):
    raw, hashed = nonce_pair()
    status, google = call_json("POST", "/google/signin", {"clientId": google_client, "email": email, "name": "Grace Hopper", "nonce": hashed})
    check(status == 200, "Google's account chooser answers")
    status, session = call_json("POST", "/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=console-check", {
        "requestUri": "http://localhost", "postBody": f"providerId=google.com&id_token={google['idToken']}&nonce={raw}",
        "returnSecureToken": True})
    check(status == 200, "Firebase: a Google sign-in over REST")
    return session["localId"]


def guest(name):
    status, session = call_json("POST", "/auth/v1/signup", {"data": {"full_name": name}}, supabase_headers)
    check(status == 200, "Supabase: an anonymous sign-up over REST")
    return session["user"]["id"]


def row_text(browser, user_id):
    return browser.evaluate(f"""(() => {{
        const link = [...document.querySelectorAll('tbody th a')].find(a => a.textContent === {json.dumps(user_id)});
        return link ? [...link.closest('tr').children].map(cell => cell.textContent) : null; }})()""")


hostile = "<script>window.__injected = 1</script><img src=x onerror=window.__injected=2>"
apple_id = f"ada-{run}@example.com"
grace = f"grace-{run}@gmail.com"
otp_email = f"otp-{run}@example.com"

with Browser(width=1280, height=800) as browser:
    # Start clean, through the page: the reset asks for a confirmation first.
    browser.navigate(base + "/console")
    check(browser.evaluate("document.querySelector('#live').hidden") is False, "live refresh: its switch shows when JavaScript runs")
    browser.check("input[name=confirm]")
    browser.click("form[action='/console/reset'] button")
    check("Everything was reset" in browser.text() and "No users yet" in browser.text(), "reset through the page: no users left")

    # Three users through the REST routes, found in the table.
    ada, ada_subject = supabase_apple_user(apple_id)
    grace_id = firebase_google_user(grace)
    guest_id = guest(hostile)
    browser.navigate(base + "/console")
    for user_id, email in [(ada, apple_id), (grace_id, grace), (guest_id, "—")]:
        cells = row_text(browser, user_id)
        check(cells is not None and cells[2] == email, f"the users table lists {email if email != '—' else 'the guest'}")
    check(row_text(browser, grace_id)[0].startswith("Firebase") and row_text(browser, ada)[0] == "Supabase", "the service of each user")
    check(row_text(browser, ada)[5] == "apple" and row_text(browser, grace_id)[5] == "google.com", "the providers of each user")
    check(row_text(browser, ada)[3] == "yes" and row_text(browser, guest_id)[3] == "—", "whether each address is confirmed")
    check(row_text(browser, guest_id)[4] == hostile and row_text(browser, guest_id)[6] == "yes", "a <script> name shows as text")
    check(browser.evaluate("window.__injected === undefined && document.querySelectorAll('script').length === 1"),
          "nothing of the hostile name runs")
    check(browser.evaluate("[...document.querySelectorAll('th[scope=col]')].length === 10 && !!document.querySelector('caption')"),
          "the table has a caption and column headers")
    browser.screenshot(f"{images}/console-users.png")

    # Keyboard: the first Tab reaches the skip link, visibly.
    browser.press("Tab", "Tab", 9)
    check(browser.evaluate("document.activeElement.className === 'skip' && document.activeElement.getBoundingClientRect().left >= 0"),
          "the first Tab focuses a visible skip link")

    # Search.
    browser.fill("#q", grace.upper())
    browser.click("form[role=search] button")
    check(browser.evaluate("document.querySelectorAll('tbody tr').length") == 1 and grace in browser.text(), "search by email")

    # Live refresh: a sign-in elsewhere shows up without touching the page.
    browser.navigate(base + "/console")
    late = guest(f"Late guest {run}")
    browser.wait_for(f"document.body.innerText.includes({json.dumps('Late guest ' + run)})", "the users page to show a new sign-in", deadline=15)
    check(True, "live refresh: the users page shows a new sign-in by itself")

    # One user: identities, sessions, the app Apple authorized; revoke it through the page.
    browser.click(f"a[href$='{ada}']")
    text = browser.text()
    check(ada_subject in text and apple_id in text, "the user page shows the Apple identity's subject and email")
    check("Apps using Apple ID" in text and browser.evaluate("!!document.querySelector('form[action$=\"/revoke-apple\"]')"),
          "the user page shows the app's active Apple authorization")
    check(browser.evaluate("document.querySelector('table[aria-labelledby], #sessions-caption') !== null"), "the user page lists sessions")
    browser.screenshot(f"{images}/console-user.png", full_page=True)
    browser.click("form[action$='/revoke-apple'] button")
    check("The Apple authorization is revoked" in browser.text() and "revoked " in browser.text(), "revoked through the page")
    page = base + "/appleid/auth/authorize?" + urllib.parse.urlencode({
        "client_id": apple_client, "redirect_uri": base + "/auth/v1/callback", "response_type": "code id_token",
        "scope": "name email", "response_mode": "form_post", "state": "s", "nonce": "n", "apple_id": apple_id})
    browser.navigate(page)
    check("Create an account" in browser.text(), "the next Apple sign-in shows the first-time sheet")
    again, _ = apple_sheet(apple_id)
    check(again.get("email") == apple_id and again.get("fullName", {}).get("givenName") == "Ada",
          "the next Apple credential carries the name and email, as a first one does")

    # The mailbox: a code mailed while the page is open appears by itself; sign in with it.
    browser.navigate(base + "/console/mail")
    status, _ = call_json("POST", "/auth/v1/otp", {"email": otp_email}, supabase_headers)
    check(status == 200, "Supabase: a code is mailed")
    browser.wait_for(f"document.body.innerText.includes({json.dumps(otp_email)})", "the mailbox to show the new message", deadline=15)
    code = browser.evaluate(f"""(() => {{
        const row = [...document.querySelectorAll('tbody tr')].find(r => r.querySelector('th').textContent === {json.dumps(otp_email)});
        return row.querySelector('code').textContent; }})()""")
    check(code and code.isdigit() and len(code) == 6, "the mailbox page shows the six-digit code")
    browser.screenshot(f"{images}/console-mailbox.png")
    status, session = call_json("POST", "/auth/v1/verify", {"type": "email", "email": otp_email, "token": code}, supabase_headers)
    check(status == 200 and session.get("user", {}).get("email") == otp_email, "the code read from the page signs in")
    browser.click(f"tbody th a")
    check(browser.evaluate("document.querySelector('h1').textContent").startswith("Mail to "), "one address's mail")

    # A mailed link, followed from the mailbox, lands on a page that says what it did.
    link_email = f"link-{run}@example.com"
    status, _ = call_json("POST", "/auth/v1/otp", {"email": link_email}, supabase_headers)
    check(status == 200, "Supabase: a link is mailed")
    browser.navigate(base + "/console/mail?to=" + urllib.parse.quote(link_email))
    browser.click("a[aria-label^='Open the link']")
    browser.wait_for("document.querySelector('#link-result p') && document.querySelector('#link-result p').textContent.includes('verified')",
                     "the link's result", deadline=15)
    check("signed the user in" in browser.text() and "access_token" not in browser.url(),
          "Supabase: the mailed link verifies and its page says so, tokens out of the address bar")
    fb_email = f"fb-{run}@example.com"
    status, _ = call_json("POST", "/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=console-check",
                          {"requestType": "EMAIL_SIGNIN", "email": fb_email, "continueUrl": "http://localhost"})
    check(status == 200, "Firebase: a sign-in link is mailed")
    browser.navigate(base + "/console/mail?to=" + urllib.parse.quote(fb_email))
    browser.click("a[aria-label^='Open the link']")
    check("/console/link-result" in browser.url() and "signInWithEmailLink" in browser.text(),
          "Firebase: the mailed link goes through /emulator/action to a page with its code")
    browser.navigate(base + "/console/log")
    check("/auth/v1/otp" in browser.text() and "console-check" not in browser.text(), "the request log lists requests, without their queries")

    # Create a user through the page, in each service; edit metadata and claims as JSON.
    created = f"created-{run}@example.com"
    browser.navigate(base + "/console")
    browser.fill("#create-service", "supabase")
    browser.fill("#create-email", created)
    browser.click("form[action='/console/users'] button")
    check("The user is created" in browser.text() and f"{created} (verified)" in browser.text(), "Supabase: a user created through the page")
    created_id = browser.url().split("/")[-1].split("?")[0]
    check(browser.evaluate("!!document.querySelector('#edit-app_metadata')"), "the user page shows app_metadata, editable")
    browser.fill("#edit-app_metadata", "{not json")
    browser.click("form.metadata button")
    check("app_metadata is not a JSON object" in browser.text(), "metadata that is not JSON is refused, naming the field")
    browser.navigate(base + f"/console/users/supabase/{created_id}")
    browser.fill("#edit-app_metadata", '{"org": "acme-' + run + '"}')
    browser.click("form.metadata button")
    check("The metadata is saved" in browser.text() and f"acme-{run}" in browser.text(), "Supabase: app_metadata edited through the page")

    browser.navigate(base + "/console")
    firebase_service = browser.evaluate("[...document.querySelectorAll('#create-service option')].find(o => o.value.startsWith('firebase:')).value")
    project = firebase_service.split(":", 1)[1]
    browser.fill("#create-service", firebase_service)
    browser.fill("#create-email", created)
    browser.click("form[action='/console/users'] button")
    check("The user is created" in browser.text(), "Firebase: a user created through the page")
    firebase_id = browser.url().split("/")[-1].split("?")[0]
    browser.fill("#edit-custom_claims", '{"org": "acme", "role": "admin"}')
    browser.click("form.metadata button")
    check("The metadata is saved" in browser.text(), "Firebase: custom claims edited through the page")
    status, found = call_json("POST", f"/identitytoolkit.googleapis.com/v1/projects/{project}/accounts:lookup",
                              {"localId": [firebase_id]}, {"Authorization": "Bearer owner"})
    check(status == 200 and json.loads(found["users"][0].get("customAttributes", "{}")) == {"org": "acme", "role": "admin"},
          "Firebase: the claims typed in the page are the user's customAttributes")

    # A user with a password, typed into the page (a form body), signs in with it; a recovery mail is sent from the user's page.
    secret = f"Typed-{run}-pw"
    with_password = f"pw-{run}@example.com"
    browser.navigate(base + "/console")
    browser.fill("#create-service", "supabase")
    browser.fill("#create-email", with_password)
    browser.fill("#create-password", secret)
    browser.click("form[action='/console/users'] button")
    check("the password typed" in browser.text() and secret not in browser.url(), "Supabase: a user created with a password through the page")
    status, _ = call_json("POST", "/auth/v1/token?grant_type=password", {"email": with_password, "password": secret}, {"apikey": anon})
    check(status == 200, "Supabase: the password typed in the console signs in (GoTrue internal/api/token.go)")
    browser.click("form[action$='/recover'] button")
    check("A recovery mail is sent" in browser.text(), "Supabase: a recovery mail sent from the user's page")
    browser.navigate(base + "/console/mail?to=" + urllib.parse.quote(with_password))
    check("recovery" in browser.text(), "Supabase: the mailbox shows the recovery mail")
    browser.navigate(base + "/console?q=" + urllib.parse.quote(with_password))
    check(browser.evaluate("[...document.querySelectorAll('th')].some(t => t.textContent === 'Confirmed')"), "the users table has a Confirmed column")
    browser.navigate(base + "/console/log")
    check(secret not in browser.text(), "the typed password is not in the request log")

    # With JavaScript off every action still works; only the live switch is gone.
    browser.disable_scripts()
    browser.navigate(base + f"/console/users/supabase/{late}")
    check(browser.evaluate("document.querySelector('#live').hidden"), "JavaScript off: no live switch")
    browser.click("form[action$='/ban'] button")
    check("The user is banned." in browser.text() and "yes, until" in browser.text(), "JavaScript off: banned through the page")
    browser.disable_scripts(False)

status, body = call("POST", f"/console/users/supabase/{late}/unban", {"confirm": "yes"}, form=True)
check(status == 403 and "token is missing or wrong" in body, "a POST without the console's token is refused")

with Browser(width=390, height=844) as phone:
    phone.navigate(base + "/console")
    check(phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "phone width: the page does not scroll sideways")
    check(phone.evaluate("(() => { const w = document.querySelector('.table-wrap'); return w.scrollWidth > w.clientWidth; })()"),
          "phone width: the table scrolls inside its region")
    phone.screenshot(f"{images}/console-users-phone.png")

print(f"console: {len(passed)} checks passed: " + "; ".join(passed))
