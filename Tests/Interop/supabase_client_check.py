"""Drives the emulator with Supabase's official Python client (supabase-auth on PyPI).

Usage: python supabase_client_check.py BASE_URL ANON_KEY APPLE_CLIENT_ID SERVICE_ROLE_KEY
Every flow the package offers, unchanged client code: id-token sign-in (Apple, with nonce),
anonymous, email OTP (right and wrong code), refresh, get/update user, sign-out; unlinking an
identity (the emulator runs with --supabase-manual-linking) and a ban seen as user_banned.
"""
import hashlib
import secrets
import sys

import httpx
from supabase_auth import SyncGoTrueClient
from supabase_auth.errors import AuthApiError

base, anon, apple_client, service_role = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]


def client():
    return SyncGoTrueClient(url=f"{base}/auth/v1", headers={"apikey": anon, "Authorization": f"Bearer {anon}"},
                            auto_refresh_token=False)


def apple_token(email, raw_nonce):
    hashed = hashlib.sha256(raw_nonce.encode()).hexdigest()
    reply = httpx.post(f"{base}/appleid/auth/authorize", json={
        "clientId": apple_client, "email": email, "givenName": "Ada", "familyName": "Lovelace", "nonce": hashed})
    reply.raise_for_status()
    return reply.json()["identityToken"]


def google_token(email, raw_nonce):
    hashed = hashlib.sha256(raw_nonce.encode()).hexdigest()
    reply = httpx.post(f"{base}/google/signin", json={
        "clientId": "123456789012-authcoordinator.apps.googleusercontent.com", "email": email, "nonce": hashed})
    reply.raise_for_status()
    return reply.json()["idToken"]


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
auth.reauthenticate()
check("reauthenticate", httpx.get(f"{base}/mailbox/py-otp@example.com").json()[-1]["kind"] == "reauthentication")
auth.sign_out()

# The emailed link's token_hash, and a resend for an address that is not confirmed yet
auth = client()
auth.sign_in_with_otp({"email": "py-link-hash@example.com"})
link = httpx.get(f"{base}/mailbox/py-link-hash@example.com").json()[-1]["link"]
token_hash = dict(pair.split("=", 1) for pair in link.split("?", 1)[1].split("&"))["token"]
by_hash = auth.verify_otp({"token_hash": token_hash, "type": "email"})
check("verify token_hash", by_hash.user.email == "py-link-hash@example.com")
auth.sign_out()
client().sign_in_with_otp({"email": "py-pending@example.com"})
try:
    client().resend({"type": "signup", "email": "py-pending@example.com"})
    check("resend within the minute refused", False)
except AuthApiError as error:
    check("resend within the minute refused", error.code == "over_email_send_rate_limit")

# Unlink: Apple, then Google with the same verified email (linked automatically), then the
# client's unlink_identity (DELETE /user/identities/{identity_id})
auth = client()
raw = secrets.token_urlsafe(24)
auth.sign_in_with_id_token({"provider": "apple", "token": apple_token("py-link@example.com", raw), "nonce": raw})
raw = secrets.token_urlsafe(24)
both = auth.sign_in_with_id_token({"provider": "google", "token": google_token("py-link@example.com", raw), "nonce": raw})
check("automatic link by email", sorted(both.user.app_metadata["providers"]) == ["apple", "google"])
google = [i for i in auth.get_user_identities().identities if i.provider == "google"][0]
auth.unlink_identity(google)
check("unlink_identity", [i.provider for i in auth.get_user_identities().identities] == ["apple"])
try:
    auth.unlink_identity(auth.get_user_identities().identities[0])
    check("last identity kept", False)
except AuthApiError as error:
    check("last identity kept", error.code == "single_identity_not_deletable")

# Ban: the admin API bans the user; the session stays, and the client sees user_banned
admin = SyncGoTrueClient(url=f"{base}/auth/v1", headers={"apikey": service_role, "Authorization": f"Bearer {service_role}"},
                         auto_refresh_token=False).admin
admin.update_user_by_id(both.user.id, {"ban_duration": "1h30m"})
try:
    auth.get_user()
    check("banned get_user", False)
except AuthApiError as error:
    check("banned get_user", error.code == "user_banned" and error.status == 403)
try:
    auth.refresh_session()
    check("banned refresh", False)
except AuthApiError as error:
    check("banned refresh", error.code == "user_banned")
admin.update_user_by_id(both.user.id, {"ban_duration": "none"})
check("unbanned", auth.get_user(both.session.access_token).user.id == both.user.id)

print(f"supabase-auth: {len(checks)} checks passed: " + ", ".join(checks))
