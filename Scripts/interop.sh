#!/usr/bin/env bash
# Runs the official client libraries against `login serve`: Supabase's Python client
# (supabase-auth) and firebase-admin, plus the Firebase iOS SDK's REST calls. Installs them from
# PyPI into a virtual environment under .build-interop/.
set -euo pipefail
cd "$(dirname "$0")/.."

# A binary named in LOGIN_BINARY is used as it is; the default one is brought up to date (a no-op
# when it is).
if [ -n "${LOGIN_BINARY:-}" ]; then
  login=$LOGIN_BINARY
else
  swift build --product login >/dev/null
  login=.build/debug/login
fi
venv=.build-interop/venv
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check supabase-auth firebase-admin httpx
fi

state=$(mktemp -d)
log="$state/serve.log"
# Manual linking on, so the Supabase client's unlink_identity is served (GoTrue's default is off).
"$login" serve --port 0 --state-dir "$state" --ephemeral --supabase-manual-linking >"$log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; rm -rf "$state"' EXIT
for _ in $(seq 1 100); do grep -q "listening on" "$log" && break; sleep 0.1; done
base=$(sed -n 's/.*listening on \(http[^ ]*\).*/\1/p' "$log" | head -1)
anon=$(sed -n 's/^ *Supabase anon key *//p' "$log" | head -1)
[ -n "$base" ] && [ -n "$anon" ] || { cat "$log"; echo "the emulator did not start"; exit 1; }

"$venv/bin/python" Tests/Interop/supabase_client_check.py "$base" "$anon" com.example.authcoordinator "$(cat "$state/service_role.key")"
"$venv/bin/python" Tests/Interop/firebase_client_check.py "${base#http://}" demo-authcoordinator com.example.authcoordinator
