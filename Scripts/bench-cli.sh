#!/usr/bin/env bash
# A returning `login apple` (warm state directory: keys and the user exist, embedded default
# backend, no server) against `login --help`, with hyperfine in one run (-N: no shell between):
# prints both wall-clock means and both CPU times (user + system), and their ratios.
#
# Usage: Scripts/bench-cli.sh [login binary, default: a release build] [runs, default 30]
# Needs hyperfine (a Debian package; installed when missing and running as root).
set -euo pipefail
login=${1:+$(realpath "$1")}
cd "$(dirname "$0")/.."
runs=${2:-30}
if ! command -v hyperfine >/dev/null; then
  apt-get update -qq && apt-get install -y -qq hyperfine >/dev/null
fi
if [ -z "$login" ]; then
  swift build -c release --scratch-path .build-release --product login >/dev/null
  login=.build-release/release/login
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
state="$work/state"
"$login" apple --state-dir "$state" --email bench@example.com --name "Bench Person" >/dev/null
hyperfine -N --warmup 3 --runs "$runs" --export-json "$work/cli.json" \
  "$login --help" "$login apple --state-dir $state --email bench@example.com" >/dev/null
python3 - "$work/cli.json" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
help_run, apple_run = results[0], results[1]
def cpu(run):
    return run["user"] + run["system"]
print(
    f"CLI: login --help {help_run['mean']*1000:.1f} ms, returning login apple {apple_run['mean']*1000:.1f} ms, "
    f"wall ratio {apple_run['mean']/help_run['mean']:.2f}; CPU (user + system) {cpu(help_run)*1000:.1f} ms and "
    f"{cpu(apple_run)*1000:.1f} ms, CPU ratio {cpu(apple_run)/cpu(help_run):.2f}"
)
PY
