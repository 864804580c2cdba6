#!/usr/bin/env bash
# The emulator on its SQLite database with 1,000 and with 1,000,000 users: for each size, the
# returning Apple sign-in's latency (p50/p99, one connection, each answer after its commit), the
# sign-in throughput with wrk, the time from start to a healthy answer on a restart, the server's
# resident memory, and the database's size. Prints a table, then each size's sign-ins per second
# over the in-memory baseline's (`--ephemeral`) measured in the same run; asserts nothing.
#
# Usage: Scripts/bench-storage.sh [seconds per run, default 20] [sizes, default "1000 1000000"]
# Latency is measured one request at a time by Scripts/lib/signin-latency.py (raw percentiles),
# throughput with wrk. The users are written straight into the database (`auth-bench fill`, 10,000 per transaction),
# not through HTTP: 1,000,000 take a few minutes and about 2 GB of disk.
# Needs wrk (Debian's; installed when missing and running as root). Release builds go to
# .build-release, so that a debug build or test run beside it is not disturbed.
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-20}
sizes=${2:-"1000 1000000"}

if ! command -v wrk >/dev/null; then apt-get update -qq && apt-get install -y -qq wrk >/dev/null; fi
swift build -c release --scratch-path .build-release --product login >/dev/null
swift build -c release --scratch-path .build-release --product auth-bench >/dev/null
login=.build-release/release/login
bench=.build-release/release/auth-bench
source Scripts/lib/signin-script.sh

work=$(mktemp -d)
server=
trap 'if [ -n "$server" ]; then kill $server 2>/dev/null || true; fi; rm -rf "$work"' EXIT

# start DIR [FLAG...]: starts `login serve` on DIR, waits for /auth/v1/health; sets $server, $base,
# $anon and $startup (seconds from the process start to the first healthy answer).
start() {
  local log="$1/serve.log" began
  began=$(date +%s.%N)
  "$login" serve --port 0 --state-dir "$1" --supabase-rate-limits off "${@:2}" >"$log" 2>&1 &
  server=$!
  base=
  for _ in $(seq 1 3000); do
    base=$(sed -n 's/.*listening on \(http[^ ]*\).*/\1/p' "$log" | head -1)
    [ -n "$base" ] && break
    sleep 0.005
  done
  anon=$(sed -n 's/^ *Supabase anon key *//p' "$log" | head -1)
  [ -n "$base" ] && [ -n "$anon" ] || { cat "$log"; echo "the emulator did not start"; exit 1; }
  until curl -sf -o /dev/null -H "apikey: $anon" "$base/auth/v1/health"; do sleep 0.005; done
  startup=$(python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.3f}')" "$began" "$(date +%s.%N)")
}

stop() { kill -TERM $server; wait $server 2>/dev/null || true; server=; }

# measure EMAILS...: the latency of returning Apple sign-ins of those Apple IDs, one request at a
# time (Scripts/lib/signin-latency.py: raw percentiles; wrk's are corrected for coordinated
# omission, see there), then the throughput with wrk (32 connections); sets $p50 $p99 $p999 $max
# $rps $rss.
measure() {
  local latency throughput bad
  latency=$(python3 Scripts/lib/signin-latency.py "$base" "$anon" "$duration" "$@")
  signin_script "$work/tokens.lua" "$base" "$anon" "$@"
  throughput=$(wrk -t2 -c32 -d"${duration}s" -s "$work/tokens.lua" "$base/auth/v1/token?grant_type=id_token")
  for bad in "$(echo "$latency" | sed -n 's/.*non2xx=\([0-9]*\).*/\1/p')" "$(echo "$throughput" | sed -n 's/^non2xx=//p')"; do
    [ "$bad" = "0" ] || { echo "$latency"; echo "$throughput"; echo "non-2xx answers"; exit 1; }
  done
  p50=$(echo "$latency" | sed -n 's/.* p50=\([0-9.]*\).*/\1/p')
  p99=$(echo "$latency" | sed -n 's/.* p99=\([0-9.]*\).*/\1/p')
  p999=$(echo "$latency" | sed -n 's/.* p999=\([0-9.]*\).*/\1/p')
  max=$(echo "$latency" | sed -n 's/.* max=\([0-9.]*\)$/\1/p')
  rps=$(echo "$throughput" | sed -n 's/^Requests\/sec: *\([0-9.]*\).*/\1/p')
  rss=$(( $(ps -o rss= -p $server) / 1024 ))
}

printf '%-10s %8s %8s %8s %8s %10s %10s %8s %8s %8s\n' users p50_ms p99_ms p999_ms max_ms signins_s restart_s rss_mb db_mb fill_s

# The baseline in the same run: the same sign-ins with nothing stored on disk (--ephemeral: the
# in-memory adapter), 256 users.
state="$work/state-memory"
mkdir -m 700 "$state"
start "$state" --ephemeral
measure $(for i in $(seq 0 255); do echo "memory$i@example.com"; done)
stop
printf '%-10s %8s %8s %8s %8s %10.0f %10s %8s %8s %8s\n' "memory" "$p50" "$p99" "$p999" "$max" "$rps" "-" "$rss" "-" "-"
memory_rps=$rps
ratios=
rm -rf "$state"

for users in $sizes; do
  state="$work/state-$users"
  mkdir -m 700 "$state"
  fill_started=$(date +%s)
  "$bench" fill --users "$users" --state-dir "$state" >/dev/null
  fill_seconds=$(( $(date +%s) - fill_started ))
  start "$state"          # the first start after the fill (turns WAL on)
  stop
  start "$state"          # the restart that is measured
  restart=$startup

  # 256 filled users spread over the whole table.
  measure $(python3 -c "import random, sys; n = int(sys.argv[1]); print(' '.join(f'bench{i}@example.com' for i in random.sample(range(n), min(256, n))))" "$users")
  stop
  db=$(du -cm "$state"/auth.sqlite3* | tail -1 | cut -f1)
  printf '%-10s %8s %8s %8s %8s %10.0f %10s %8s %8s %8s\n' "$users" "$p50" "$p99" "$p999" "$max" "$rps" "$restart" "$rss" "$db" "$fill_seconds"
  ratios+="$(python3 -c "import sys; print(f'durable/ephemeral sign-ins at {sys.argv[1]} users: {float(sys.argv[2]) / float(sys.argv[3]):.3f}')" "$users" "$rps" "$memory_rps")"$'\n'
  rm -rf "$state"
done
printf "%s" "$ratios"
