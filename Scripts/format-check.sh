#!/usr/bin/env bash
# Checks that the Swift sources are as `swift format` (the toolchain's swift-format, configured by
# .swift-format) writes them, with every lint rule the configuration turns on, and that no line of
# them passes 140 characters (swift format cannot wrap a long string literal or comment).
# `Scripts/format-check.sh --fix` formats them in place first.
set -euo pipefail
cd "$(dirname "$0")/.."

paths=(Package.swift Sources Tests Examples)
if [ "${1:-}" = "--fix" ]; then
  swift format format --in-place --recursive --parallel "${paths[@]}"
fi

swift format lint --strict --recursive --parallel "${paths[@]}"

long=$(find "${paths[@]}" -name '*.swift' -print0 | xargs -0 awk 'length > 140 { print FILENAME ":" FNR ": " length " characters" }')
if [ -n "$long" ]; then
  echo "Lines over 140 characters (wrap them by hand; a string literal can continue on the next line"
  echo "with a backslash inside a multi-line literal):"
  echo "$long"
  exit 1
fi
echo "format: every Swift file as swift format writes it, no line over 140 characters"
