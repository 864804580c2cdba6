# Shared by the scripts that load `login serve` with Apple sign-ins through wrk (sourced, not run).
#
# signin_script OUT BASE ANON APPLE-ID...: writes a wrk Lua script to OUT that posts
#   `grant_type=id_token` with one valid Apple ID token (and its raw nonce) per Apple ID, from the
#   emulator's simulated Apple ID (Scripts/lib/apple_tokens.py), in turn; its `done` prints `non2xx=N` and
#   `p50=MS p99=MS` (latency percentiles in milliseconds).

signin_script() {
  local out=$1 base=$2 anon=$3
  shift 3
  python3 "$(dirname "${BASH_SOURCE[0]}")/apple_tokens.py" "$base" "$@" >"$out"
  cat >>"$out" <<LUA
counter = 0
request = function()
  counter = counter + 1
  return wrk.format("POST", "/auth/v1/token?grant_type=id_token",
    {["apikey"] = "$anon", ["Content-Type"] = "application/json", ["X-Supabase-Api-Version"] = "2024-01-01"},
    bodies[(counter % #bodies) + 1])
end
done = function(summary, latency, requests)
  io.write(string.format("non2xx=%d\n", summary.errors.status))
  io.write(string.format("p50=%.3f p99=%.3f p999=%.3f max=%.3f\n", latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency:percentile(99.9) / 1000, latency.max / 1000))
end
LUA
}
