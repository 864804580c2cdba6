#!/usr/bin/env bash
# Compiles the modules an iOS app links (AuthDomain, AuthJWT, AuthData, AuthPresentation,
# AuthSwiftUI) and each example app under Examples/ for
# arm64-apple-ios16.0 against a real iOS SDK, with ../shared/ios-check/check.sh (see its README
# for the one-time set-up from a snapshot of theos/sdks). Where it is not set up (CI has no SDK),
# it says so and exits 0: this is a check for the people working on the project, not a test.
# Exit 1 when the compiler reports any error or warning in the project's own files.
set -uo pipefail
cd "$(dirname "$0")/.."
check=${IOS_CHECK:-../shared/ios-check/check.sh}
if [ ! -x "$check" ]; then
  echo "iOS check skipped: $check is not on this machine"
  exit 0
fi
"$check" .
status=$?
if [ "$status" -eq 2 ]; then
  echo "iOS check skipped: the iOS SDK is not set up here (see $(dirname "$check")/README.md)"
  exit 0
fi
exit "$status"
