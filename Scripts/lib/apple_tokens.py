"""Valid Apple sign-in bodies for `POST /auth/v1/token?grant_type=id_token` against `login serve`.

As a module: token_bodies(BASE, APPLE_IDS) -> one JSON body (bytes) per Apple ID, each with an
ID token from the emulator's simulated Apple ID and the raw nonce it was issued for.
As a script: apple_tokens.py BASE APPLE-ID... prints them as a Lua table, `bodies = { ... }`,
for a wrk script (Scripts/lib/signin-script.sh).
"""
import hashlib
import json
import secrets
import sys
import urllib.request

CLIENT_ID = "com.example.authcoordinator"


def token_bodies(base, apple_ids):
    bodies = []
    for apple_id in apple_ids:
        raw = secrets.token_urlsafe(24)
        request = urllib.request.Request(
            f"{base}/appleid/auth/authorize", method="POST", headers={"Content-Type": "application/json"},
            data=json.dumps({"clientId": CLIENT_ID, "email": apple_id, "nonce": hashlib.sha256(raw.encode()).hexdigest()}).encode())
        with urllib.request.urlopen(request, timeout=10) as answer:
            token = json.load(answer)["identityToken"]
        bodies.append(json.dumps({"provider": "apple", "id_token": token, "nonce": raw}).encode())
    return bodies


if __name__ == "__main__":
    print("bodies = {")
    for body in token_bodies(sys.argv[1], sys.argv[2:]):
        print("  " + json.dumps(body.decode()) + ",")
    print("}")
