"""Cross-checks WebAuthn ceremonies with py_webauthn (the `webauthn` package on PyPI).

  webauthn_check.py make OUT.json     builds registrations and assertions on the Python side
                                      (P-256/ES256 and RSA-2048/RS256 keys, `none` and `packed`
                                      self-attestation), checks them with py_webauthn, and writes
                                      them for the Swift relying party to verify.
  webauthn_check.py verify IN.json    verifies ceremonies made by the Swift software authenticator
                                      with py_webauthn's verify_registration_response and
                                      verify_authentication_response, counters included, and
                                      checks that tampered copies are refused.

The file format: {"rpId", "origins", "ceremonies": [{"name", "registration": {"challenge",
"credential"}, "assertions": [{"challenge", "credential"}]}]}, credentials in the JSON form of
WebAuthn Level 3 section 5.1 (base64url fields). It reads and writes files only: no network.
"""

import hashlib
import json
import os
import sys

import cbor2
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec, padding, rsa
from webauthn import verify_authentication_response, verify_registration_response
from webauthn.helpers import base64url_to_bytes, bytes_to_base64url

RP_ID = "example.com"
ORIGIN = "https://example.com"


def client_data(kind, challenge):
    return json.dumps({"type": kind, "challenge": bytes_to_base64url(challenge), "origin": ORIGIN,
                       "crossOrigin": False}, separators=(",", ":")).encode()


def cose_key(private_key):
    public = private_key.public_key()
    if isinstance(private_key, ec.EllipticCurvePrivateKey):
        numbers = public.public_numbers()
        return {1: 2, 3: -7, -1: 1, -2: numbers.x.to_bytes(32, "big"), -3: numbers.y.to_bytes(32, "big")}
    numbers = public.public_numbers()
    n = numbers.n.to_bytes((numbers.n.bit_length() + 7) // 8, "big")
    e = numbers.e.to_bytes((numbers.e.bit_length() + 7) // 8, "big")
    return {1: 3, 3: -257, -1: n, -2: e}


def sign(private_key, data):
    if isinstance(private_key, ec.EllipticCurvePrivateKey):
        return private_key.sign(data, ec.ECDSA(hashes.SHA256()))
    return private_key.sign(data, padding.PKCS1v15(), hashes.SHA256())


def auth_data(flags, count, attested=b""):
    return hashlib.sha256(RP_ID.encode()).digest() + bytes([flags]) + count.to_bytes(4, "big") + attested


def python_ceremony(name, private_key, fmt):
    credential_id = os.urandom(32)
    challenge = os.urandom(32)
    attested = bytes(16) + len(credential_id).to_bytes(2, "big") + credential_id
    attested += cbor2.dumps(cose_key(private_key), canonical=True)
    data = auth_data(0x45, 1, attested)
    cdj = client_data("webauthn.create", challenge)
    statement = {}
    if fmt == "packed":
        alg = cose_key(private_key)[3]
        statement = {"alg": alg, "sig": sign(private_key, data + hashlib.sha256(cdj).digest())}
    attestation = cbor2.dumps({"fmt": fmt, "attStmt": statement, "authData": data}, canonical=True)
    registration = {"challenge": bytes_to_base64url(challenge), "credential": {
        "id": bytes_to_base64url(credential_id), "rawId": bytes_to_base64url(credential_id), "type": "public-key",
        "response": {"clientDataJSON": bytes_to_base64url(cdj), "attestationObject": bytes_to_base64url(attestation)},
        "clientExtensionResults": {}}}
    assertions = []
    for count in (2, 3):
        challenge = os.urandom(32)
        cdj = client_data("webauthn.get", challenge)
        data = auth_data(0x05, count)
        signature = sign(private_key, data + hashlib.sha256(cdj).digest())
        assertions.append({"challenge": bytes_to_base64url(challenge), "credential": {
            "id": bytes_to_base64url(credential_id), "rawId": bytes_to_base64url(credential_id), "type": "public-key",
            "response": {"clientDataJSON": bytes_to_base64url(cdj), "authenticatorData": bytes_to_base64url(data),
                         "signature": bytes_to_base64url(signature), "userHandle": bytes_to_base64url(b"user-1")},
            "clientExtensionResults": {}}})
    return {"name": name, "registration": registration, "assertions": assertions}


def verify(document, expect_count=None):
    """Verifies every ceremony with py_webauthn; returns how many checks passed."""
    checks = 0
    for ceremony in document["ceremonies"]:
        registration = ceremony["registration"]
        verified = verify_registration_response(
            credential=registration["credential"], expected_challenge=base64url_to_bytes(registration["challenge"]),
            expected_rp_id=document["rpId"], expected_origin=document["origins"])
        checks += 1
        count = verified.sign_count
        for assertion in ceremony["assertions"]:
            result = verify_authentication_response(
                credential=assertion["credential"], expected_challenge=base64url_to_bytes(assertion["challenge"]),
                expected_rp_id=document["rpId"], expected_origin=document["origins"],
                credential_public_key=verified.credential_public_key, credential_current_sign_count=count)
            assert result.new_sign_count > count or (count == 0 and result.new_sign_count == 0), ceremony["name"]
            count = result.new_sign_count
            checks += 1
        refused(ceremony, verified, document)
        checks += 1
    return checks


def refused(ceremony, verified, document):
    """A flipped signature byte and a wrong challenge must both be refused by py_webauthn."""
    assertion = json.loads(json.dumps(ceremony["assertions"][0]))
    signature = bytearray(base64url_to_bytes(assertion["credential"]["response"]["signature"]))
    signature[-1] ^= 1
    assertion["credential"]["response"]["signature"] = bytes_to_base64url(bytes(signature))
    for challenge in (base64url_to_bytes(assertion["challenge"]), os.urandom(32)):
        try:
            verify_authentication_response(
                credential=assertion["credential"], expected_challenge=challenge, expected_rp_id=document["rpId"],
                expected_origin=document["origins"], credential_public_key=verified.credential_public_key,
                credential_current_sign_count=0)
        except Exception:  # noqa: BLE001 - py_webauthn raises several exception types
            continue
        raise AssertionError(f"{ceremony['name']}: a tampered assertion verified")


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("make", "verify"):
        sys.exit(__doc__)
    if sys.argv[1] == "make":
        keys = [("python-es256-none", ec.generate_private_key(ec.SECP256R1()), "none"),
                ("python-es256-packed", ec.generate_private_key(ec.SECP256R1()), "packed"),
                ("python-rs256-none", rsa.generate_private_key(public_exponent=65537, key_size=2048), "none"),
                ("python-rs256-packed", rsa.generate_private_key(public_exponent=65537, key_size=2048), "packed")]
        document = {"rpId": RP_ID, "origins": [ORIGIN], "ceremonies": [python_ceremony(*key) for key in keys]}
        checks = verify(document)
        with open(sys.argv[2], "w") as out:
            json.dump(document, out, indent=1)
        print(f"webauthn: built {len(keys)} Python ceremonies; py_webauthn passed {checks} checks on them")
    else:
        with open(sys.argv[2]) as source:
            document = json.load(source)
        checks = verify(document)
        print(f"webauthn: py_webauthn verified {len(document['ceremonies'])} Swift ceremonies ({checks} checks)")


if __name__ == "__main__":
    main()
