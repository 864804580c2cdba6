"""bcrypt against Python's `bcrypt` package (pyca/bcrypt on PyPI), through the emulator.

Usage: python bcrypt_check.py BASE_URL ANON_KEY SERVICE_ROLE_KEY DATABASE
The server keeps its state (no --ephemeral) and confirms sign-ups at once, so that the hash it
stores in auth.users.encrypted_password (GoTrue internal/crypto/password.go: bcrypt, cost 10) can
be read from DATABASE. Both directions:
- hashes made by the emulator ($2a$10$) verify with bcrypt.checkpw, and a wrong password does not;
- hashes made by Python ($2b$, costs 4 and 10) given to POST /admin/users as password_hash
  sign in with POST /token?grant_type=password, and a wrong password is invalid_credentials.
"""
import sqlite3
import sys

import bcrypt
import httpx

base, anon, service_role, database = sys.argv[1:5]
auth = f"{base}/auth/v1"
headers = {"apikey": anon, "Authorization": f"Bearer {anon}"}
admin = {"apikey": anon, "Authorization": f"Bearer {service_role}"}
passwords = ["correct horse battery", "pässwörd ✓ 🐎", "x" * 72, "short1"]


def sign_in(email, password):
    return httpx.post(f"{auth}/token?grant_type=password", headers=headers, json={"email": email, "password": password})


def stored_hash(user_id):
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        row = connection.execute("SELECT encrypted_password FROM users WHERE id = ?", (user_id,)).fetchone()
    finally:
        connection.close()
    assert row is not None and row[0], f"no encrypted_password for {user_id}"
    return row[0]


checked = 0
for index, password in enumerate(passwords):
    reply = httpx.post(f"{auth}/signup", headers=headers, json={"email": f"swift{index}@example.com", "password": password})
    assert reply.status_code == 200, reply.text
    user_id = reply.json()["user"]["id"]
    hashed = stored_hash(user_id)
    assert hashed.startswith("$2a$10$") and len(hashed) == 60, hashed[:7]
    assert password not in hashed
    assert bcrypt.checkpw(password.encode(), hashed.encode()), f"Python's bcrypt rejects the emulator's hash of password {index}"
    assert not bcrypt.checkpw((password + "!").encode()[:72] if len(password) < 72 else b"y" * 72, hashed.encode())
    checked += 1

for index, password in enumerate(passwords):
    for cost in (4, 10):
        email = f"python{index}-{cost}@example.com"
        hashed = bcrypt.hashpw(password.encode(), bcrypt.gensalt(rounds=cost)).decode()
        reply = httpx.post(f"{auth}/admin/users", headers=admin,
                           json={"email": email, "password_hash": hashed, "email_confirm": True})
        assert reply.status_code == 200, reply.text
        assert sign_in(email, password).status_code == 200, f"the emulator rejects Python's hash of password {index}"
        wrong = sign_in(email, password[:-1] + ("?" if password[-1] != "?" else "!"))
        assert wrong.status_code == 400 and wrong.json().get("error_code") == "invalid_credentials", wrong.text
        checked += 1

print(f"bcrypt: {checked} hashes cross-checked with Python's bcrypt {bcrypt.__version__} (both directions)")
