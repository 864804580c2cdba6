#!/usr/bin/env bash
# The browser tests: headless Chromium (Debian's `chromium`) driven over the DevTools protocol
# by Tests/Browser/*.py against `login serve` on loopback. Installs websocket-client from PyPI
# into .build-browser/venv. Screenshots go to Docs/images/. Exit 1 on any failed check.
set -euo pipefail
cd "$(dirname "$0")/.."

command -v chromium >/dev/null || { echo "chromium is not installed (apt-get install chromium)"; exit 1; }
if [ -n "${LOGIN_BINARY:-}" ]; then
  login=$LOGIN_BINARY
else
  swift build --product login >/dev/null
  login=.build/debug/login
fi
venv=.build-browser/venv
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check websocket-client
fi

state=$(mktemp -d)
chmod 700 "$state"
log="$state/serve.log"
"$login" serve --port 0 --state-dir "$state" --ephemeral >"$log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; rm -rf "$state"' EXIT
for _ in $(seq 1 100); do grep -q "listening on" "$log" && break; sleep 0.1; done
base=$(sed -n 's/.*listening on \(http[^ ]*\).*/\1/p' "$log" | head -1)
anon=$(sed -n 's/^ *Supabase anon key *//p' "$log" | head -1)
[ -n "$base" ] && [ -n "$anon" ] || { cat "$log"; echo "the emulator did not start"; exit 1; }

export LOGIN_BINARY_PATH=$(cd "$(dirname "$login")" && pwd)/$(basename "$login")
cd Tests/Browser
timeout 300 "../../$venv/bin/python" provider_pages_check.py "$base" com.example.authcoordinator ../../Docs/images
timeout 300 "../../$venv/bin/python" web_sign_in_check.py "$base" "$anon" demo-authcoordinator
