"""Latency of returning Apple sign-ins against `login serve`, one request at a time.

Usage: signin-latency.py BASE ANON SECONDS APPLE-ID...

Gets a valid Apple ID token (and its raw nonce) for each Apple ID from the emulator's simulated
Apple ID, then posts them in turn to /auth/v1/token?grant_type=id_token on one keep-alive
connection for SECONDS (after a warm-up of 5 s) and prints the raw percentiles of the measured
times: `requests=N non2xx=N p50=MS p99=MS p999=MS max=MS`.

wrk's own percentiles are not used for latency: wrk 4 adds synthetic samples for every response
slower than the mean interval (coordinated-omission correction, `stats_correct`), so one 40 ms
stall among thousands of 0.7 ms answers counts as fifty slow requests.
"""
import http.client
import sys
import time
import urllib.parse

from apple_tokens import token_bodies


def run(connection, anon, bodies, seconds):
    headers = {"apikey": anon, "Content-Type": "application/json", "X-Supabase-Api-Version": "2024-01-01"}
    times, bad, index = [], 0, 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        body = bodies[index % len(bodies)]
        index += 1
        started = time.perf_counter()
        connection.request("POST", "/auth/v1/token?grant_type=id_token", body=body, headers=headers)
        answer = connection.getresponse()
        answer.read()
        times.append(time.perf_counter() - started)
        if not 200 <= answer.status < 300:
            bad += 1
    return times, bad


def percentile(sorted_times, p):
    return sorted_times[min(len(sorted_times) - 1, int(p / 100 * len(sorted_times)))] * 1000


def main():
    base, anon, seconds, apple_ids = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4:]
    bodies = token_bodies(base, apple_ids)
    url = urllib.parse.urlsplit(base)
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
    run(connection, anon, bodies, 5)
    times, bad = run(connection, anon, bodies, seconds)
    times.sort()
    print(f"requests={len(times)} non2xx={bad} p50={percentile(times, 50):.3f} p99={percentile(times, 99):.3f} "
          f"p999={percentile(times, 99.9):.3f} max={times[-1] * 1000:.3f}")


if __name__ == "__main__":
    main()
