#!/usr/bin/env bash
# Bounded fuzz pass: builds auth-fuzz as a libFuzzer binary (ASan) and runs each entry for a
# fixed time, starting from the seed corpus in Fuzz/corpus/<entry>/. Fails on any crash, trap,
# sanitizer report, hang or property violation; the offending input is left in
# $FUZZ_SCRATCH/fuzz-work/artifacts/ (add it to Fuzz/corpus/<entry>/ once fixed).
#
#   Scripts/fuzz.sh [seconds-per-entry] [entry...]     default: 30 s, every entry
#
# Environment: FUZZ_SCRATCH (build folder, default .build-fuzz), FUZZ_JOBS (parallel workers
# per entry, default 1). See Docs/Fuzzing.md for long runs.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-30}"
[ $# -gt 0 ] && shift
scratch="${FUZZ_SCRATCH:-.build-fuzz}"
jobs="${FUZZ_JOBS:-1}"
if [ $# -gt 0 ]; then
    entries=("$@")
else
    entries=()
    for dir in Fuzz/corpus/*/; do entries+=("$(basename "$dir")"); done
fi

echo "== building auth-fuzz (libFuzzer + ASan) in $scratch"
set +e
swift build -c debug --scratch-path "$scratch" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -D -Xswiftc FUZZING --product auth-fuzz 2>&1 \
    | grep -Ev "Cannot export local symbol|which are unhandled|^    /"
build_status=${PIPESTATUS[0]}
set -e
[ "$build_status" -eq 0 ] || { echo "fuzz build failed"; exit "$build_status"; }

binary="$scratch/debug/auth-fuzz"
work="$scratch/fuzz-work"
mkdir -p "$work/artifacts"
failed=()
for entry in "${entries[@]}"; do
    [ -d "Fuzz/corpus/$entry" ] || { echo "no seed corpus for entry '$entry'"; exit 64; }
    mkdir -p "$work/corpus/$entry"
    log="$work/$entry.log"
    echo "== $entry: ${seconds}s"
    set +e
    # New inputs go to the scratch corpus (first directory); the seeds stay read-only.
    AUTH_FUZZ_ENTRY="$entry" SWIFT_BACKTRACE=enable=no \
        "$binary" "$work/corpus/$entry" "Fuzz/corpus/$entry" \
        -dict=Fuzz/auth.dict -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$work/artifacts/$entry-" -print_final_stats=1 \
        $( [ "$jobs" -gt 1 ] && echo "-fork=$jobs" ) >"$log" 2>&1
    status=$?
    set -e
    runs=$(grep -Eo 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -Eo '[0-9]+$' || echo "?")
    speed=$(grep -Eo 'exec/s: *[0-9]+' "$log" | tail -1 | grep -Eo '[0-9]+$' || echo "?")
    coverage=$(grep -Eo 'cov: *[0-9]+' "$log" | tail -1 | grep -Eo '[0-9]+$' || echo "?")
    if [ "$status" -ne 0 ]; then
        echo "   FAILED (exit $status): $runs runs; see $log"
        grep -E "property violated|Fatal error|ERROR: AddressSanitizer|deadly signal|Test unit written" "$log" | head -5 | sed 's/^/   /'
        failed+=("$entry")
    else
        echo "   ok: $runs runs, $speed exec/s, $coverage coverage points"
    fi
done

if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzzing failed for: ${failed[*]}"
    exit 1
fi
echo "fuzzing passed: ${entries[*]}"
