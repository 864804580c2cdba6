"""TOTP against pyotp (PyPI `pyotp`), both ways.

  totp_check.py make OUT.json            writes codes pyotp computes for random base32 secrets at
                                         random instants (6 digits, 30 s, SHA-1, as GoTrue's
                                         internal/api/mfa.go and Identity Toolkit's totpSessionInfo
                                         use), for the Swift TOTP to reproduce (TOTPInteropTests).
  totp_check.py serve BASE ANON DATABASE enrols a factor through `login serve`'s GoTrue routes
                                         (POST /factors, /factors/{id}/challenge, /verify), checks
                                         the otpauth:// URI with pyotp.parse_uri and the stored
                                         secret (mfa_factors.secret in DATABASE), and verifies
                                         codes pyotp computes: one step of skew accepted, two
                                         refused, a used code refused, the session raised to aal2;
                                         the SVG of totp.qr_code decodes (zxing-cpp) to the URI.
"""
import base64
import json
import secrets
import sqlite3
import sys
import time

import httpx
import pyotp


def make(path):
    cases = []
    for index in range(200):
        secret = pyotp.random_base32(length=32 if index % 2 else 40)
        instant = secrets.randbelow(4_102_444_800)
        cases.append({"secret": secret, "time": instant, "code": pyotp.TOTP(secret).at(instant)})
    with open(path, "w") as out:
        out.write('{"generator": "pyotp", "cases": [\n' + ",\n".join(json.dumps(case) for case in cases) + "\n]}\n")


def claims(token):
    payload = token.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))


def serve(base, anon, database):
    auth = f"{base}/auth/v1"
    headers = {"apikey": anon, "X-Supabase-Api-Version": "2024-01-01"}
    email = "totp-check@example.com"

    def call(method, path, bearer, body=None):
        return httpx.request(method, f"{auth}/{path}", headers={**headers, "Authorization": f"Bearer {bearer}"}, json=body)

    def password_session():
        reply = httpx.post(f"{auth}/token?grant_type=password", headers=headers, json={"email": email, "password": "correct horse"})
        assert reply.status_code == 200, reply.text
        return reply.json()["access_token"]

    reply = httpx.post(f"{auth}/signup", headers=headers, json={"email": email, "password": "correct horse"})
    assert reply.status_code == 200, reply.text
    bearer = reply.json()["access_token"]
    enrolled = call("POST", "factors", bearer, {"factor_type": "totp", "friendly_name": "pyotp", "issuer": "pyotp check"})
    assert enrolled.status_code == 200, enrolled.text
    factor, secret, uri = enrolled.json()["id"], enrolled.json()["totp"]["secret"], enrolled.json()["totp"]["uri"]

    from qr_check import decode_svg
    assert decode_svg(enrolled.json()["totp"]["qr_code"]) == uri, "zxing-cpp reads the otpauth:// URI from totp.qr_code"
    parsed = pyotp.parse_uri(uri)
    assert parsed.secret == secret and parsed.issuer == "pyotp check" and parsed.name == email, uri.split("secret=")[0]
    assert parsed.digits == 6 and parsed.interval == 30 and parsed.digest().name == "sha1"
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        stored = connection.execute("SELECT secret, status FROM mfa_factors WHERE id = ?", (factor,)).fetchone()
    finally:
        connection.close()
    assert stored == (secret, "unverified"), "mfa_factors holds the secret the enrolment answered"

    totp = pyotp.TOTP(secret)

    def verify(bearer, code):
        challenge = call("POST", f"factors/{factor}/challenge", bearer, {})
        assert challenge.status_code == 200, challenge.text
        return call("POST", f"factors/{factor}/verify", bearer, {"challenge_id": challenge.json()["id"], "code": code})

    now = time.time()
    for offset in (-90, 90):
        refused = verify(bearer, totp.at(now + offset))
        assert refused.status_code == 422 and refused.json()["code"] == "mfa_verification_failed", refused.text
    earlier = verify(bearer, totp.at(time.time() - 30))
    assert earlier.status_code == 200, f"pyotp's previous-step code is refused: {earlier.text}"
    session = earlier.json()
    assert claims(session["access_token"])["aal"] == "aal2"
    assert claims(session["access_token"])["amr"][0]["method"] == "totp"

    current = totp.now()
    second = password_session()
    assert claims(second)["aal"] == "aal1"
    accepted = verify(second, current)
    assert accepted.status_code == 200, f"pyotp's current code is refused: {accepted.text}"
    reused = verify(password_session(), current)
    assert reused.status_code == 422 and reused.json()["code"] == "mfa_verification_failed", "a used code is refused in its window"
    print("totp: pyotp's codes verify through /factors (skew, replay and the URI checked)")


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make(sys.argv[2])
    else:
        serve(*sys.argv[2:5])
