#!/usr/bin/env bash
# The browser tests: headless Chromium (Debian's `chromium`) driven over the DevTools protocol
# by Tests/Browser/*.py against `login serve` on loopback (the console check runs last: it resets
# the emulator). Installs websocket-client from PyPI into .build-browser/venv. Screenshots go to
# .build-browser/screenshots, or to SCREENSHOTS (SCREENSHOTS=Docs/images refreshes the docs'
# pictures; their ids and emails are random, so each run changes them). Exit 1 on any failed check.
# LOGIN_BINARY names a built binary to use.
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/lib/serve.sh

command -v chromium >/dev/null || { echo "chromium is not installed (apt-get install chromium)"; exit 1; }
login_binary
python_venv .build-browser/venv websocket-client
start_serve
shots=$(mkdir -p "${SCREENSHOTS:-.build-browser/screenshots}" && cd "${SCREENSHOTS:-.build-browser/screenshots}" && pwd)

cd Tests/Browser
timeout 300 "../../$venv/bin/python" provider_pages_check.py "$base" com.example.authcoordinator "$shots"
timeout 300 "../../$venv/bin/python" web_sign_in_check.py "$base" "$anon" demo-authcoordinator
timeout 600 "../../$venv/bin/python" cli_browser_check.py "$(cd ../.. && pwd)/$login" "$base" "$anon"
# Passkeys need the page's origin before the server starts (GoTrue and Identity Platform compare
# origins exactly; the RP ID is localhost, which 127.0.0.1 is not): a second emulator, in a subshell
# with its own exit trap, on a port picked here.
(
  cd ../..
  SERVE_PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  origin="http://localhost:$SERVE_PORT"
  export SERVE_PORT GOTRUE_PASSKEY_ENABLED=true GOTRUE_WEBAUTHN_RP_ID=localhost GOTRUE_WEBAUTHN_RP_DISPLAY_NAME=AuthCoordinator
  export GOTRUE_WEBAUTHN_RP_ORIGINS="$origin"
  start_serve --firebase-passkey-origin "$origin"
  cd Tests/Browser
  timeout 300 "../../$venv/bin/python" passkey_check.py "$origin" demo-authcoordinator "$shots"
)
timeout 300 "../../$venv/bin/python" console_check.py "$base" "$anon" com.example.authcoordinator \
  123456789012-authcoordinator.apps.googleusercontent.com "$shots"
