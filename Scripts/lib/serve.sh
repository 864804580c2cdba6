# Shared by the scripts that run checks against `login serve` (sourced, not run).
#
# login_binary: sets $login to LOGIN_BINARY when given, else builds the debug `login` (a no-op
#   when it is up to date) and uses it.
# start_serve ARGS...: starts `login serve --port ${SERVE_PORT:-0} --state-dir <new 0700 dir> --ephemeral ARGS`
#   (without --ephemeral when KEEP_STATE is set, so that the database can be read)
#   in the background, stops it and removes the directory on exit, and sets $base (the URL),
#   $anon (the anon key) and $state (the directory); fails after 10 s without a banner.
# python_venv DIR PACKAGE...: sets $venv to DIR, creating it with the packages from PyPI once.

login_binary() {
  if [ -n "${LOGIN_BINARY:-}" ]; then
    login=$LOGIN_BINARY
  else
    swift build --product login >/dev/null
    login=.build/debug/login
  fi
}

start_serve() {
  state=$(mktemp -d)
  chmod 700 "$state"
  local log="$state/serve.log"
  local ephemeral=--ephemeral
  [ -z "${KEEP_STATE:-}" ] || ephemeral=
  "$login" serve --port "${SERVE_PORT:-0}" --state-dir "$state" ${ephemeral:+"$ephemeral"} "$@" >"$log" 2>&1 &
  server=$!
  trap 'kill $server 2>/dev/null || true; rm -rf "$state"' EXIT
  for _ in $(seq 1 100); do grep -qs "listening on" "$log" && break; sleep 0.1; done
  base=$(sed -n 's/.*listening on \(http[^ ]*\).*/\1/p' "$log" | head -1)
  anon=$(sed -n 's/^ *Supabase anon key *//p' "$log" | head -1)
  [ -n "$base" ] && [ -n "$anon" ] || { cat "$log"; echo "the emulator did not start"; exit 1; }
}

python_venv() {
  venv=$1
  shift
  if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "$@"
  fi
}
