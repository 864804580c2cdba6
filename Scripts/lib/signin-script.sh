# Shared by the scripts that load `login serve` with Apple sign-ins through wrk (sourced, not run).
#
# signin_script OUT BASE ANON APPLE-ID...: writes a wrk Lua script to OUT that posts
#   `grant_type=id_token` with one valid Apple ID token (and its raw nonce) per Apple ID, from the
#   emulator's simulated Apple ID, in turn; its `done` prints `non2xx=N` and
#   `p50=MS p99=MS` (latency percentiles in milliseconds).

signin_script() {
  local out=$1 base=$2 anon=$3
  shift 3
  python3 - "$base" com.example.authcoordinator "$@" >"$out" <<'PY'
import hashlib, json, secrets, sys, urllib.request
base, client, apple_ids = sys.argv[1], sys.argv[2], sys.argv[3:]
print("bodies = {")
for apple_id in apple_ids:
    raw = secrets.token_urlsafe(24)
    request = urllib.request.Request(f"{base}/appleid/auth/authorize", method="POST", headers={"Content-Type": "application/json"},
        data=json.dumps({"clientId": client, "email": apple_id, "nonce": hashlib.sha256(raw.encode()).hexdigest()}).encode())
    token = json.load(urllib.request.urlopen(request))["identityToken"]
    print("  " + json.dumps(json.dumps({"provider": "apple", "id_token": token, "nonce": raw})) + ",")
print("}")
PY
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
