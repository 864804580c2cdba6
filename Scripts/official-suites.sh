#!/usr/bin/env bash
# Runs two official client test suites, unchanged but for where their servers are, against
# `login serve`:
#   - supabase-py's `src/auth/tests` (the supabase_auth client), whose fixtures
#     (src/auth/infra/docker-compose.yml, tests/_sync/clients.py) expect four GoTrue servers:
#     autoconfirm off, autoconfirm on, autoconfirm on with an asymmetric key, sign-up disabled;
#   - firebase-admin-python's `integration/test_auth.py` with FIREBASE_AUTH_EMULATOR_HOST set.
# The test files come from local git snapshots of those repositories (SUPABASE_PY_REPO and
# FIREBASE_ADMIN_PYTHON_REPO, by default ../.mirror/<owner>+<name>/repo) and are copied at run time
# into .build-interop/official-suites/; pytest and the clients come from PyPI into a virtual
# environment there. Without the snapshots it says so and exits 0.
#
# It prints pass/fail counts per suite and compares the failing tests with
# Tests/Interop/official-suites-expected-failures.txt: a failure not listed there exits 1, a listed
# test that passes is printed as "now passes". Each suite has a deadline (SUITE_TIMEOUT seconds,
# default 900). Servers listen on 127.0.0.1 only; Python's HTTP proxy variables point at a closed
# loopback port, so that a test that calls Google's servers directly fails instead of leaving the
# machine. LOGIN_BINARY names a built binary to use.
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/lib/serve.sh

supabase_repo=${SUPABASE_PY_REPO:-../.mirror/supabase+supabase-py/repo}
firebase_repo=${FIREBASE_ADMIN_PYTHON_REPO:-../.mirror/firebase+firebase-admin-python/repo}
for repo in "$supabase_repo" "$firebase_repo"; do
  if ! git -C "$repo" rev-parse --verify -q HEAD >/dev/null 2>&1; then
    echo "official suites skipped: no git snapshot at $repo"
    exit 0
  fi
done
expected=Tests/Interop/official-suites-expected-failures.txt
suite_timeout=${SUITE_TIMEOUT:-900}
work=.build-interop/official-suites

login_binary
# The client release the test files were written for (the version their pyproject.toml declares).
supabase_auth=supabase-auth==$(git -C "$supabase_repo" show HEAD:src/auth/pyproject.toml |
  sed -n 's/^version = "\([0-9.]*\)".*/\1/p' | head -1)
python_venv .build-interop/suites-venv "$supabase_auth" firebase-admin pytest pytest-asyncio pytest-mock \
  pytest-depends Faker 'respx<0.23' pyotp 'pyjwt[crypto]' 'httpx[http2]'
python=$venv/bin/python
"$python" -m pip install --quiet --disable-pip-version-check "$supabase_auth" pyyaml pytest-rerunfailures

rm -rf "$work"
mkdir -p "$work/supabase" "$work/firebase"
chmod 700 "$work"
git -C "$supabase_repo" archive HEAD src/auth/tests src/auth/pyproject.toml | tar -x -C "$work/supabase"
git -C "$firebase_repo" archive HEAD integration/conftest.py integration/test_auth.py | tar -x -C "$work/firebase"

# Every server this script starts is stopped on exit.
servers=()
states=()
stop_all() {
  for pid in "${servers[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${servers[@]}"; do wait "$pid" 2>/dev/null || true; done
  for dir in "${states[@]}"; do rm -rf "$dir"; done
}
serve() {
  start_serve "$@"
  servers+=("$server")
  states+=("$state")
  trap stop_all EXIT
}
port_of() { local rest=${1##*:}; echo "${rest%%/*}"; }

# supabase-py: the compose file's four servers, each started with its own service's GoTrue
# variables read from src/auth/infra/docker-compose.yml at run time and passed as they are
# (Tests/Interop/compose_environment.py; only PORT, GOTRUE_API_HOST and API_EXTERNAL_URL, which say
# where the server is, are left out). `login serve` warns about each GOTRUE_ variable it does not
# model. The only edits to the copied tests: clients.py's four ports (each server picks a free one)
# and its base URLs, which gain the /auth/v1 prefix under which `login serve` answers GoTrue's routes.
compose=$work/docker-compose.yml
git -C "$supabase_repo" show HEAD:src/auth/infra/docker-compose.yml >"$compose"
# Services with one DATABASE_URL share one database (the compose file's four do: one Postgres), so
# their emulators share one SQLite file (`login serve --database`), named after the URL: a user
# signed up on one server is the admin API's user on another, as the tests expect.
serve_compose() {
  local service=$1 pair database=
  local names=()
  shift
  while IFS= read -r -d '' pair; do
    export "${pair?}"
    names+=("${pair%%=*}")
    [ "${pair%%=*}" != DATABASE_URL ] ||
      database=$work/database-$(printf '%s' "${pair#*=}" | sha256sum | cut -c1-16).sqlite3
  done < <("$python" Tests/Interop/compose_environment.py "$compose" "$service")
  [ "${#names[@]}" -gt 0 ] || { echo "official suites: no environment for $service in the compose file"; exit 1; }
  if [ -n "$database" ]; then
    KEEP_STATE=1 serve --database "$database" "$@"
  else
    serve "$@"
  fi
  unset "${names[@]}"
}
# Each server's anon key goes to Tests/Interop/official_suites_gateway.py (see there why). No flag
# is added: without GOTRUE_RATE_LIMIT_HEADER, which the compose file does not set, the per-client
# limits count nobody, as in GoTrue; GOTRUE_RATE_LIMIT_EMAIL_SENT's default, 30 mails an hour,
# applies to the autoconfirm-off server, which the two trees mail about ten times.
apikeys=
serve_compose gotrue
port_off=$(port_of "$base"); apikeys+="$port_off=$anon,"
serve_compose autoconfirm
port_on=$(port_of "$base"); apikeys+="$port_on=$anon,"
serve_compose autoconfirm_with_asymmetric_keys
port_asymmetric=$(port_of "$base"); apikeys+="$port_asymmetric=$anon,"
serve_compose disabled
port_disabled=$(port_of "$base"); apikeys+="$port_disabled=$anon"
for tree in _sync _async; do
  sed -i \
    -e "s/^SIGNUP_ENABLED_AUTO_CONFIRM_OFF_PORT = 9999$/SIGNUP_ENABLED_AUTO_CONFIRM_OFF_PORT = $port_off/" \
    -e "s/^SIGNUP_ENABLED_AUTO_CONFIRM_ON_PORT = 9998$/SIGNUP_ENABLED_AUTO_CONFIRM_ON_PORT = $port_on/" \
    -e "s/^SIGNUP_DISABLED_AUTO_CONFIRM_OFF_PORT = 9997$/SIGNUP_DISABLED_AUTO_CONFIRM_OFF_PORT = $port_disabled/" \
    -e "s/^SIGNUP_ENABLED_ASYMMETRIC_AUTO_CONFIRM_ON_PORT = 9996$/SIGNUP_ENABLED_ASYMMETRIC_AUTO_CONFIRM_ON_PORT = $port_asymmetric/" \
    -e 's|^    f"http://localhost:{\([A-Z_]*_PORT\)}"$|    f"http://localhost:{\1}/auth/v1"|' \
    "$work/supabase/src/auth/tests/$tree/clients.py"
  clients=$work/supabase/src/auth/tests/$tree/clients.py
  [ "$(grep -c "_PORT = \(9999\|9998\|9997\|9996\)$" "$clients")" = 0 ] && [ "$(grep -c "/auth/v1\"$" "$clients")" = 4 ] ||
    { echo "official suites: $tree/clients.py no longer names its ports as this script expects"; exit 1; }
done

# firebase-admin-python: a throwaway service account (its own RSA key) for the project the
# emulator serves, and a placeholder API key; neither leaves this machine.
firebase_project=demo-official-suites
serve --firebase-project "$firebase_project"
firebase_host=${base#http://}
openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$work/firebase/key.pem" 2>/dev/null
"$python" - "$work/firebase" "$firebase_project" <<'PY'
import json, os, sys
folder, project = sys.argv[1], sys.argv[2]
with open(os.path.join(folder, "key.pem"), encoding="utf-8") as key:
    pem = key.read()
account = {
    "type": "service_account", "project_id": project, "private_key_id": "official-suites",
    "private_key": pem, "client_email": f"firebase-adminsdk@{project}.iam.gserviceaccount.com",
    "client_id": "1", "token_uri": "https://oauth2.googleapis.com/token",
}
for name, text in (("cert.json", json.dumps(account)), ("apikey.txt", "fake-api-key")):
    path = os.path.join(folder, name)
    with open(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w", encoding="utf-8") as out:
        out.write(text)
PY
rm -f "$work/firebase/key.pem"

# A closed loopback port for Python's proxy variables: nothing listens there.
closed_port=$("$python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
proxy_env=(HTTP_PROXY="http://127.0.0.1:$closed_port" HTTPS_PROXY="http://127.0.0.1:$closed_port"
  http_proxy="http://127.0.0.1:$closed_port" https_proxy="http://127.0.0.1:$closed_port"
  NO_PROXY=127.0.0.1,localhost no_proxy=127.0.0.1,localhost)

# A test whose request timed out (the clients' 5 s read timeout: a debug build hashing bcrypt at
# GoTrue's cost 10 takes 1.5-2 s a password on this machine, more when other builds run) runs
# again, up to twice (pytest-rerunfailures; Tests/Interop/official_suites_reruns.py lets
# pytest-depends, which supabase-py's tests use, take a rerun); any other failure is reported at once.
run_suite() {
  local name=$1 dir=$2 status=0
  shift 2
  echo "== $name"
  (cd "$dir" && env "${proxy_env[@]}" timeout --kill-after=10 "$suite_timeout" \
    "$OLDPWD/$python" -m pytest -q -p no:cacheprovider -o addopts= --junitxml="$OLDPWD/$work/$name.xml" \
    --reruns 2 --only-rerun ReadTimeout "$@" >"$OLDPWD/$work/$name.log" 2>&1) || status=$?
  if [ "$status" = 124 ] || [ "$status" = 137 ]; then
    echo "$name: stopped after $suite_timeout s"
    return 1
  fi
  [ -s "$work/$name.xml" ] || { tail -20 "$work/$name.log"; echo "$name: pytest wrote no report"; return 1; }
}

status_all=0
OFFICIAL_SUITES_APIKEYS=$apikeys PYTHONPATH="$PWD/Tests/Interop" \
  run_suite supabase "$work/supabase/src/auth" -p official_suites_gateway -p official_suites_reruns \
  -o asyncio_mode=auto tests || status_all=1
FIREBASE_AUTH_EMULATOR_HOST=$firebase_host GOOGLE_CLOUD_PROJECT=$firebase_project \
  run_suite firebase "$work/firebase" integration/test_auth.py \
  --cert "$PWD/$work/firebase/cert.json" --apikey "$PWD/$work/firebase/apikey.txt" || status_all=1
stop_all
trap - EXIT

"$python" Tests/Interop/official_suites_compare.py "$expected" "$work/supabase.xml" "$work/firebase.xml" ||
  status_all=1
exit "$status_all"
