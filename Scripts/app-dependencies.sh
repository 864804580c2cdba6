#!/usr/bin/env bash
# What an app gets: a scratch package outside the repository depends on this one by path, as an
# app does by URL (with `traits: []`), links the app-facing products (AuthDomain, AuthData,
# AuthPresentation, AuthSwiftUI; and AuthTesting in its test target, as an app's tests do) and resolves. Fails unless SwiftPM fetched exactly swift-crypto,
# its swift-asn1 and swift-log. With `--build` it also builds the scratch package and lists the
# modules compiled (a first build of swift-crypto: a few minutes on 2 cores).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
scratch=$(mktemp -d "${TMPDIR:-/tmp}/app-dependencies.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/Sources/ScratchApp" "$scratch/Tests/ScratchAppTests"
cat >"$scratch/Package.swift" <<MANIFEST
// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "ScratchApp",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(name: "AuthCoordinator", path: "$root", traits: [])],
    targets: [
        .target(name: "ScratchApp", dependencies: [
            .product(name: "AuthDomain", package: "AuthCoordinator"),
            .product(name: "AuthData", package: "AuthCoordinator"),
            .product(name: "AuthPresentation", package: "AuthCoordinator"),
            .product(name: "AuthSwiftUI", package: "AuthCoordinator"),
        ]),
        .testTarget(name: "ScratchAppTests", dependencies: [
            "ScratchApp",
            .product(name: "AuthTesting", package: "AuthCoordinator"),
        ]),
    ]
)
MANIFEST
cat >"$scratch/Sources/ScratchApp/Use.swift" <<'SOURCE'
import AuthData
import AuthDomain
import AuthPresentation
import AuthSwiftUI

public func options() -> SignInOptions { SignInOptions(methods: [.apple, .google], requiresTerms: true) }
public func nonceLength() -> Int { NonceGenerator(source: .live).make().count }
SOURCE
cat >"$scratch/Tests/ScratchAppTests/UseTesting.swift" <<'SOURCE'
import AuthTesting

func makeApp() async throws -> TestApp { try await TestApp.make(backend: .supabase) }
SOURCE
(cd "$scratch" && swift package resolve >"$scratch/resolve.log" 2>&1) || { cat "$scratch/resolve.log"; exit 1; }
fetched=$(python3 -c 'import json,sys; print(" ".join(sorted(p["identity"] for p in json.load(open(sys.argv[1]))["pins"])))' \
  "$scratch/Package.resolved")
echo "swift package resolve fetched: $fetched"
if [ "$fetched" != "swift-asn1 swift-crypto swift-log" ]; then
  echo "an app would fetch more than swift-crypto, swift-asn1 and swift-log"; exit 1
fi
if [ "${1:-}" = "--build" ]; then
  (cd "$scratch" && swift build >"$scratch/build.log" 2>&1) || { tail -40 "$scratch/build.log"; exit 1; }
  echo "swift build compiled (Swift modules; C sources of swift-crypto's BoringSSL too): $(grep -oE \
    'Compiling [A-Za-z0-9_]+ [^ ]+\.swift|Emitting module [A-Za-z0-9_]+' "$scratch/build.log" \
    | awk '{print ($1 == "Emitting") ? $3 : $2}' | sort -u | tr '\n' ' ')"
fi
