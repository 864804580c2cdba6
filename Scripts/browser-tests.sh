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
timeout 300 "../../$venv/bin/python" console_check.py "$base" "$anon" com.example.authcoordinator \
  123456789012-authcoordinator.apps.googleusercontent.com "$shots"
