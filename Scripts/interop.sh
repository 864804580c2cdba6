#!/usr/bin/env bash
# Runs the official client libraries against `login serve`: Supabase's Python client
# (supabase-auth) and firebase-admin, plus the Firebase iOS SDK's REST calls. Installs them from
# PyPI into a virtual environment under .build-interop/. LOGIN_BINARY names a built binary to use.
# Then cross-checks WebAuthn with py_webauthn: ceremonies Python builds verify with our relying
# party, and our software authenticator's verify with py_webauthn (files only, no server).
# Firebase's modified scrypt: a hash PyPI firebase-scrypt makes, seeded with --seed, signs in.
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/lib/serve.sh

login_binary
python_venv .build-interop/venv supabase-auth firebase-admin httpx bcrypt pyotp zxing-cpp numpy
for package in bcrypt pyotp zxing-cpp numpy; do
    "$venv/bin/python" -c "import ${package/-/}" 2>/dev/null || "$venv/bin/pip" install --quiet --disable-pip-version-check "$package"
done
# Manual linking on, so the Supabase client's unlink_identity is served (GoTrue's default is off).
start_serve --supabase-manual-linking

"$venv/bin/python" Tests/Interop/supabase_client_check.py "$base" "$anon" com.example.authcoordinator "$(cat "$state/service_role.key")"
"$venv/bin/python" Tests/Interop/firebase_client_check.py "${base#http://}" demo-authcoordinator com.example.authcoordinator

# bcrypt against Python's: a second server that keeps its state (so that users.encrypted_password
# can be read) and confirms sign-ups at once.
kill "$server" 2>/dev/null || true
wait "$server" 2>/dev/null || true
rm -rf "$state"
KEEP_STATE=1 start_serve --supabase-mailer-autoconfirm
"$venv/bin/python" Tests/Interop/bcrypt_check.py "$base" "$anon" "$(cat "$state/service_role.key")" "$state/auth.sqlite3"
# TOTP against pyotp: its codes verify through /factors on the same server, and the Swift TOTP
# reproduces codes it computes for random secrets and instants.
"$venv/bin/python" Tests/Interop/totp_check.py serve "$base" "$anon" "$state/auth.sqlite3"
codes=$(mktemp -d)
"$venv/bin/python" Tests/Interop/totp_check.py make "$codes/pyotp-codes.json"
TOTP_INTEROP_FILE=$codes/pyotp-codes.json swift test --filter TOTPInteropTests >"$codes/swift-test.log" 2>&1 \
    || { cat "$codes/swift-test.log"; exit 1; }
rm -rf "$codes"
# Firebase's modified scrypt against PyPI firebase-scrypt: a hash it makes, seeded with
# login serve --seed (hash options in the file), signs in with its password.
python_venv .build-interop/scrypt-venv firebase-scrypt==0.1.0
seeds=$(mktemp -d)
chmod 700 "$seeds"
"$venv/bin/python" Tests/Interop/firebase_scrypt_check.py make "$seeds"
kill "$server" 2>/dev/null || true
wait "$server" 2>/dev/null || true
rm -rf "$state"
start_serve --seed "$seeds/users.json"
"$venv/bin/python" Tests/Interop/firebase_scrypt_check.py check "$base" "$seeds"
rm -rf "$seeds"
python_venv .build-interop/webauthn-venv webauthn==3.0.1
exchange=$(mktemp -d)
"$venv/bin/python" Tests/Interop/webauthn_check.py make "$exchange/python.json"
WEBAUTHN_INTEROP_DIR=$exchange swift test --filter WebAuthnInteropTests >"$exchange/swift-test.log" 2>&1 \
    || { cat "$exchange/swift-test.log"; exit 1; }
[ -s "$exchange/swift.json" ] || { echo "the Swift side wrote no ceremonies"; exit 1; }
"$venv/bin/python" Tests/Interop/webauthn_check.py verify "$exchange/swift.json"
rm -rf "$exchange"
