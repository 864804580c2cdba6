"""Drives the emulator with firebase-admin (FIREBASE_AUTH_EMULATOR_HOST) and with the REST
calls the Firebase iOS SDK makes (legacy v3 relyingparty paths, Secure Token JSON).

Usage: python firebase_client_check.py HOST:PORT PROJECT_ID APPLE_CLIENT_ID
"""
import hashlib
import hmac
import os
import secrets
import sys

import httpx

host, project, apple_client = sys.argv[1], sys.argv[2], sys.argv[3]
os.environ["FIREBASE_AUTH_EMULATOR_HOST"] = host

import firebase_admin  # noqa: E402
from firebase_admin import auth  # noqa: E402

checks = []


def check(name, condition):
    checks.append(name)
    if not condition:
        raise SystemExit(f"FAILED: {name}")


app = firebase_admin.initialize_app(options={"projectId": project})

# firebase-admin user management
created = auth.create_user(email="admin-py@example.com", display_name="Grace Hopper", email_verified=True)
check("create_user", created.uid and created.email == "admin-py@example.com")
check("get_user", auth.get_user(created.uid).display_name == "Grace Hopper")
check("get_user_by_email", auth.get_user_by_email("admin-py@example.com").uid == created.uid)
auth.update_user(created.uid, display_name="Rear Admiral Hopper", disabled=True)
fetched = auth.get_user(created.uid)
check("update_user", fetched.display_name == "Rear Admiral Hopper" and fetched.disabled)
auth.delete_user(created.uid)
try:
    auth.get_user(created.uid)
    check("delete_user", False)
except auth.UserNotFoundError:
    check("delete_user", True)

# The iOS SDK's wire calls: v3 verifyAssertion with the raw nonce, getAccountInfo, securetoken
base = f"http://{host}"
raw = secrets.token_urlsafe(24)
sheet = httpx.post(f"{base}/appleid/auth/authorize", json={
    "clientId": apple_client, "email": "ios@example.com", "nonce": hashlib.sha256(raw.encode()).hexdigest()}).json()
assertion = httpx.post(f"{base}/www.googleapis.com/identitytoolkit/v3/relyingparty/verifyAssertion?key=fake-key", json={
    "requestUri": "http://localhost", "returnSecureToken": True, "returnIdpCredential": True, "autoCreate": True,
    "postBody": f"providerId=apple.com&id_token={sheet['identityToken']}&nonce={raw}"}).json()
check("verifyAssertion", assertion.get("idToken") and assertion.get("refreshToken") and assertion.get("providerId") == "apple.com")
info = httpx.post(f"{base}/www.googleapis.com/identitytoolkit/v3/relyingparty/getAccountInfo?key=fake-key",
                  json={"idToken": assertion["idToken"]}).json()
check("getAccountInfo", len(info["users"]) == 1 and info["users"][0]["providerUserInfo"][0]["providerId"] == "apple.com")
token = httpx.post(f"{base}/securetoken.googleapis.com/v1/token?key=fake-key",
                   json={"grantType": "refresh_token", "refreshToken": assertion["refreshToken"]}).json()
check("securetoken", token["user_id"] == assertion["localId"] and token["access_token"] == token["id_token"])

# firebase-admin reads the emulator's ID tokens
decoded = auth.verify_id_token(token["id_token"])
check("verify_id_token", decoded["uid"] == assertion["localId"] and decoded["firebase"]["sign_in_provider"] == "apple.com")

# v3 signupNewUser as pyrebase4 sends it
anonymous = httpx.post(f"{base}/www.googleapis.com/identitytoolkit/v3/relyingparty/signupNewUser?key=fake-key",
                       json={"returnSecureToken": True}).json()
check("signupNewUser", anonymous.get("localId") and anonymous.get("idToken"))

# An email-link upgrade keeps the uid: a guest (v3 signupNewUser) asks for a sign-in link
# (getOobConfirmationCode EMAIL_SIGNIN), reads it from the emulator's oobCodes list as Firebase's
# tooling does, and signs in with it carrying its ID token (emailLinkSignin + idToken), as the
# iOS SDK's linkWithCredential does; firebase-admin then sees one user, with the email.
guest = httpx.post(f"{base}/www.googleapis.com/identitytoolkit/v3/relyingparty/signupNewUser?key=fake-key",
                   json={"returnSecureToken": True}).json()
sent = httpx.post(f"{base}/www.googleapis.com/identitytoolkit/v3/relyingparty/getOobConfirmationCode?key=fake-key", json={
    "requestType": "EMAIL_SIGNIN", "email": "upgrade-py@example.com", "continueUrl": "http://localhost", "canHandleCodeInApp": True})
check("getOobConfirmationCode", sent.status_code == 200 and sent.json().get("email") == "upgrade-py@example.com")
codes = httpx.get(f"{base}/emulator/v1/projects/{project}/oobCodes").json()["oobCodes"]
oob_code = [c for c in codes if c["email"] == "upgrade-py@example.com"][-1]["oobCode"]
linked = httpx.post(f"{base}/www.googleapis.com/identitytoolkit/v3/relyingparty/emailLinkSignin?key=fake-key", json={
    "email": "upgrade-py@example.com", "oobCode": oob_code, "idToken": guest["idToken"]}).json()
check("emailLinkSignin keeps the uid", linked.get("localId") == guest["localId"] and linked.get("isNewUser") is False)
upgraded = auth.get_user(guest["localId"])
check("upgraded user", upgraded.email == "upgrade-py@example.com" and upgraded.email_verified
      and [p.provider_id for p in upgraded.provider_data] == ["password"])
check("one user for the address", auth.get_user_by_email("upgrade-py@example.com").uid == guest["localId"])
check("verify_id_token after upgrade", auth.verify_id_token(linked["idToken"])["uid"] == guest["localId"])

# Imported password hashes, computed here by independent implementations and checked by signing
# in: Firebase's modified scrypt as github.com/firebase/scrypt's README describes it (scrypt of the
# password with salt + separator, N = 2^mem_cost, r = rounds, p = 1; AES-256-CTR of the signer key,
# counter zero) with hashlib and cryptography, and HMAC_SHA256 with hmac (password then salt).
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes  # noqa: E402


def firebase_scrypt(password, salt, separator, signer_key, rounds, mem_cost):
    key = hashlib.scrypt(password, salt=salt + separator, n=1 << mem_cost, r=rounds, p=1, dklen=32)
    encryptor = Cipher(algorithms.AES(key), modes.CTR(b"\0" * 16)).encryptor()
    return encryptor.update(signer_key) + encryptor.finalize()


def password_sign_in(email, password):
    return httpx.post(f"{base}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-key",
                      json={"email": email, "password": password})


signer, separator, salt = secrets.token_bytes(64), b"\x07", secrets.token_bytes(12)
imported = auth.import_users(
    [auth.ImportUserRecord(uid="imp-scrypt", email="imp-scrypt@example.com",
                           password_hash=firebase_scrypt(b"imported secret", salt, separator, signer, 8, 14), password_salt=salt)],
    hash_alg=auth.UserImportHash.scrypt(key=signer, rounds=8, memory_cost=14, salt_separator=separator))
check("import_users SCRYPT", imported.success_count == 1)
check("SCRYPT import signs in", password_sign_in("imp-scrypt@example.com", "imported secret").json().get("localId") == "imp-scrypt")
check("SCRYPT import refuses another password", password_sign_in("imp-scrypt@example.com", "imported secreT").status_code == 400)
hmac_key = secrets.token_bytes(32)
imported = auth.import_users(
    [auth.ImportUserRecord(uid="imp-hmac", email="imp-hmac@example.com",
                           password_hash=hmac.new(hmac_key, b"hmac secret" + salt, "sha256").digest(), password_salt=salt)],
    hash_alg=auth.UserImportHash.hmac_sha256(key=hmac_key))
check("import_users HMAC_SHA256", imported.success_count == 1)
check("HMAC_SHA256 import signs in", password_sign_in("imp-hmac@example.com", "hmac secret").json().get("localId") == "imp-hmac")

print(f"firebase: {len(checks)} checks passed: " + ", ".join(checks))
