#!/usr/bin/env bash
# Emulator throughput on loopback: requests per second of Apple id_token sign-ins
# (POST /auth/v1/token?grant_type=id_token, a fresh session each) over requests per second of
# GET /auth/v1/health, measured with wrk in the same run; counts non-2xx answers; samples the
# server's resident memory over the sign-in run; splits a sign-in's server CPU with two control
# runs (a request refused at the gateway, and one refused after full verification); and times a
# returning `login apple` against `login --help`.
#
# Usage: Scripts/load-emulator.sh [seconds per run, default 60] [connections, default 32]
# Needs wrk and hyperfine (Debian packages; installed when missing and running as root).
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-60}
connections=${2:-32}

for tool in wrk hyperfine; do
  if ! command -v "$tool" >/dev/null; then
    apt-get update -qq && apt-get install -y -qq "$tool" >/dev/null
  fi
done
swift build -c release --scratch-path .build-release --product login >/dev/null
login=.build-release/release/login

work=$(mktemp -d)
trap 'kill $server 2>/dev/null || true; rm -rf "$work"' EXIT
"$login" serve --port 0 --state-dir "$work/state" --ephemeral --supabase-rate-limits off >"$work/serve.log" 2>&1 &
server=$!
# Up to 60 s: on a shared, busy machine a release server has taken over 10 s to listen.
for _ in $(seq 1 600); do grep -q "listening on" "$work/serve.log" && break; sleep 0.1; done
base=$(sed -n 's/.*listening on \(http[^ ]*\).*/\1/p' "$work/serve.log" | head -1)
anon=$(sed -n 's/^ *Supabase anon key *//p' "$work/serve.log" | head -1)
[ -n "$base" ] && [ -n "$anon" ] || { cat "$work/serve.log"; echo "the emulator did not start" >&2; exit 1; }

# 256 valid Apple tokens with their raw nonces, from the simulated Apple ID.
source Scripts/lib/signin-script.sh
signin_script "$work/tokens.lua" "$base" "$anon" $(for i in $(seq 0 255); do echo "load$i@example.com"; done)
cat >"$work/health.lua" <<LUA
wrk.headers["apikey"] = "$anon"
done = function(summary, latency, requests)
  io.write(string.format("non2xx=%d\n", summary.errors.status))
end
LUA

run() { wrk -t2 -c"$connections" -d"$1"s -s "$2" "$3" 2>&1; }
cpu_ticks() { awk '{ print $14 + $15 }' /proc/$server/stat; }   # the server's user + system time, in clock ticks
ticks_per_second=$(getconf CLK_TCK)
rps() { sed -n 's/^Requests\/sec: *\([0-9.]*\).*/\1/p'; }
non2xx() { sed -n 's/^non2xx=//p'; }

run 5 "$work/health.lua" "$base/auth/v1/health" >/dev/null   # warm-up
before=$(cpu_ticks)
health=$(run "$duration" "$work/health.lua" "$base/auth/v1/health")
health_cpu=$(( $(cpu_ticks) - before ))

rss_samples="$work/rss"
( while kill -0 $server 2>/dev/null; do ps -o rss= -p $server >>"$rss_samples"; sleep 5; done ) &
sampler=$!
before=$(cpu_ticks)
signin=$(run "$duration" "$work/tokens.lua" "$base/auth/v1/token?grant_type=id_token")
signin_cpu=$(( $(cpu_ticks) - before ))
kill $sampler 2>/dev/null || true

health_rps=$(echo "$health" | rps); signin_rps=$(echo "$signin" | rps)
echo "health:  $health_rps req/s, non-2xx $(echo "$health" | non2xx)"
echo "sign-in: $signin_rps req/s, non-2xx $(echo "$signin" | non2xx)"
echo "ratio sign-in/health: $(python3 -c "print(round($signin_rps / $health_rps, 3))")"
python3 - "$health_cpu" "$signin_cpu" "$ticks_per_second" "$duration" "$health_rps" "$signin_rps" <<'PY'
import sys
health_cpu, signin_cpu, hz, duration, health_rps, signin_rps = map(float, sys.argv[1:])
health_us = health_cpu / hz / (health_rps * duration) * 1e6
signin_us = signin_cpu / hz / (signin_rps * duration) * 1e6
print(f"server CPU per request: health {health_us:.1f} us, sign-in {signin_us:.1f} us (ratio {health_us / signin_us:.3f});"
      f" server busy {health_cpu / hz / duration:.2f} and {signin_cpu / hz / duration:.2f} cores, the rest is wrk and the kernel")
PY
echo "resident memory during the sign-in run (KiB, every 5 s): $(tr '\n' ' ' <"$rss_samples")"
echo "$signin" | grep -E "Latency|requests in"

# Where a sign-in's cost goes: two controls on the same endpoint with the same request bodies,
# each run as long as the runs above (their answers are refusals, so non-2xx is expected).
#   gateway refusal: the bodies with an unknown apikey, refused before the body is parsed (401);
#   nonce refusal:   the bodies with a wrong raw nonce: parsed, token fully verified, then refused (400).
sed -e 's/\["apikey"\] = "[^"]*"/["apikey"] = "unknown"/' "$work/tokens.lua" >"$work/gateway.lua"
sed -e 's/\\"nonce\\": \\"/\\"nonce\\": \\"wrong/' "$work/tokens.lua" >"$work/nonce.lua"
control() {
  local before output used
  before=$(cpu_ticks)
  output=$(run "$duration" "$2" "$base/auth/v1/token?grant_type=id_token")
  used=$(( $(cpu_ticks) - before ))
  python3 -c "import sys; r = float(sys.argv[2]); print(f'{sys.argv[1]}: {r:.0f} req/s, server CPU per request {float(sys.argv[3]) / float(sys.argv[4]) / (r * float(sys.argv[5])) * 1e6:.1f} us')" \
    "$1" "$(echo "$output" | rps)" "$used" "$ticks_per_second" "$duration"
}
control "control, gateway refusal (POST with body, 401)" "$work/gateway.lua"
control "control, nonce refusal (token verified, 400)" "$work/nonce.lua"

# CLI: a returning `login apple` with warm state over `login --help` (wall-clock and CPU ratios).
Scripts/bench-cli.sh "$login"
