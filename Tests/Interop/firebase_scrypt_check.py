"""Firebase's modified scrypt against an independent implementation (PyPI firebase-scrypt).

make DIR: hashes a random password with firebase_scrypt (random salt, signer key and salt
separator, rounds 8, memory cost 14, as Firebase projects use) and writes DIR/users.json, an
auth:import file with the hash options at its top level (the request names accounts:batchCreate
takes), and DIR/password (0600) for the check.
check BASE DIR: signs in through the emulator's accounts:signInWithPassword with that password
(same localId) and with a wrong one (INVALID_LOGIN_CREDENTIALS). Nothing secret is printed.
"""
import base64
import json
import os
import secrets
import sys
import urllib.error
import urllib.request

LOCAL_ID = "scrypt-interop-user-1"
EMAIL = "scrypt-interop@example.com"


def make(directory):
    from firebase_scrypt import firebasescrypt

    password = secrets.token_urlsafe(18)
    salt, signer_key, separator = secrets.token_bytes(12), secrets.token_bytes(64), secrets.token_bytes(1)
    derived = firebasescrypt.generate_derived_key(password, salt, separator, 8, 14)
    password_hash = firebasescrypt.encrypt(signer_key, derived)
    b64 = lambda data: base64.b64encode(data).decode()
    document = {
        "hashAlgorithm": "SCRYPT", "signerKey": b64(signer_key), "saltSeparator": b64(separator), "rounds": 8, "memoryCost": 14,
        "users": [{"localId": LOCAL_ID, "email": EMAIL, "emailVerified": True, "passwordHash": b64(password_hash), "salt": b64(salt),
                   "createdAt": "1458170766000"}],
    }
    for name, text in (("users.json", json.dumps(document)), ("password", password)):
        fd = os.open(os.path.join(directory, name), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as handle:
            handle.write(text)


def sign_in(base, password):
    url = f"{base}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=interop"
    body = json.dumps({"email": EMAIL, "password": password, "returnSecureToken": True}).encode()
    request = urllib.request.Request(url, data=body, headers={"content-type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


def check(base, directory):
    with open(os.path.join(directory, "password")) as handle:
        password = handle.read()
    status, answer = sign_in(base, password)
    assert status == 200 and answer.get("localId") == LOCAL_ID, f"the imported scrypt password did not sign in: {status}"
    status, answer = sign_in(base, password + "x")
    message = answer.get("error", {}).get("message", "")
    assert status == 400 and message.startswith("INVALID_LOGIN_CREDENTIALS"), f"a wrong password was not refused: {status} {message}"
    print("firebase scrypt: a hash made by PyPI firebase-scrypt signs in after login serve --seed; a wrong password does not")


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make(sys.argv[2])
    else:
        check(sys.argv[2], sys.argv[3])
