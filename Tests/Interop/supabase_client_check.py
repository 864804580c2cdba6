"""Drives the emulator with Supabase's official Python client (supabase-auth on PyPI).

Usage: python supabase_client_check.py BASE_URL ANON_KEY APPLE_CLIENT_ID
Every flow the package offers, unchanged client code: id-token sign-in (Apple, with nonce),
anonymous, email OTP (right and wrong code), refresh, get/update user, sign-out.
"""
import hashlib
import secrets
import sys

import httpx
from supabase_auth import SyncGoTrueClient
from supabase_auth.errors import AuthApiError

base, anon, apple_client = sys.argv[1], sys.argv[2], sys.argv[3]


def client():
    return SyncGoTrueClient(url=f"{base}/auth/v1", headers={"apikey": anon, "Authorization": f"Bearer {anon}"},
                            auto_refresh_token=False)


def apple_token(email, raw_nonce):
    hashed = hashlib.sha256(raw_nonce.encode()).hexdigest()
    reply = httpx.post(f"{base}/appleid/auth/authorize", json={
        "clientId": apple_client, "email": email, "givenName": "Ada", "familyName": "Lovelace", "nonce": hashed})
    reply.raise_for_status()
    return reply.json()["identityToken"]


def latest_code(email):
    messages = httpx.get(f"{base}/mailbox/{email}").json()
    return messages[-1]["code"]


checks = []


def check(name, condition):
    checks.append(name)
    if not condition:
        raise SystemExit(f"FAILED: {name}")


# Anonymous
auth = client()
guest = auth.sign_in_anonymously()
check("anonymous session", guest.session is not None and guest.user.is_anonymous)
auth.sign_out()
check("signed out", auth.get_session() is None)

# Sign in with Apple through the id_token grant, raw nonce to the server
auth = client()
raw = secrets.token_urlsafe(24)
signed_in = auth.sign_in_with_id_token({"provider": "apple", "token": apple_token("py-apple@example.com", raw), "nonce": raw})
check("apple session", signed_in.session is not None and signed_in.session.access_token)
check("apple user email", signed_in.user.email == "py-apple@example.com")
check("apple identity", [i.provider for i in signed_in.user.identities] == ["apple"])

# get / update user
fetched = auth.get_user()
check("get_user", fetched.user.id == signed_in.user.id)
updated = auth.update_user({"data": {"full_name": "Ada Lovelace"}})
check("update_user", updated.user.user_metadata.get("full_name") == "Ada Lovelace")

# refresh rotates the refresh token
old_refresh = auth.get_session().refresh_token
refreshed = auth.refresh_session()
check("refresh", refreshed.session.refresh_token != old_refresh and refreshed.user.id == signed_in.user.id)

# a nonce that does not match is refused
try:
    client().sign_in_with_id_token({"provider": "apple", "token": apple_token("py-apple@example.com", raw), "nonce": "wrong"})
    check("nonce mismatch refused", False)
except AuthApiError as error:
    check("nonce mismatch refused", "nonce" in error.message.lower())

auth.sign_out()

# Email OTP
auth = client()
auth.sign_in_with_otp({"email": "py-otp@example.com"})
code = latest_code("py-otp@example.com")
try:
    auth.verify_otp({"email": "py-otp@example.com", "token": "000000" if code != "000000" else "111111", "type": "email"})
    check("wrong code refused", False)
except AuthApiError as error:
    check("wrong code refused", error.code == "otp_expired")
verified = auth.verify_otp({"email": "py-otp@example.com", "token": code, "type": "email"})
check("otp session", verified.session is not None and verified.user.email == "py-otp@example.com")
auth.sign_out()

print(f"supabase-auth: {len(checks)} checks passed: " + ", ".join(checks))
