#!/usr/bin/env bash
# The test suite under Thread Sanitizer, in .build-tsan, four tests at a time (started all at once,
# the sanitizer's slowdown makes waits with deadlines expire on 2 cores). Arguments go to
# `swift test` (e.g. --filter REGEX). The whole suite takes 40 minutes and more on 2 cores; CI runs
# the libraries' suites (Scripts/tsan-ci-targets.txt).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --build-tests --sanitize=thread --scratch-path .build-tsan
exec swift test --skip-build --sanitize=thread --scratch-path .build-tsan --experimental-maximum-parallelization-width 4 "$@"
