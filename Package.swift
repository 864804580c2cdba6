// swift-tools-version:6.1
import PackageDescription

// Swift 6 language mode with strict concurrency for every target, tests included.
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny")
]

// The `login` command's own code refers to generic types it instantiates (ArgumentParser's property
// wrappers, dictionaries and sets of its keys) through metadata accessors that are handed the
// conformances, instead of by mangled name, which makes the runtime find each conformance by a scan
// of every conformance record at the first use (Docs/Performance.md, "The CLI"). A frontend flag, so
// an unsafe one: it is on the executable only, which no app links.
let commandStartUp: [SwiftSetting] = [
    .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"])
]

// A dependency only the tools use: resolved and built only when the `Tools` trait is on.
let tools: TargetDependencyCondition? = .when(traits: ["Tools"])

let package = Package(
    name: "AuthCoordinator",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "AuthDomain", targets: ["AuthDomain"]),
        .library(name: "AuthData", targets: ["AuthData"]),
        .library(name: "AuthPresentation", targets: ["AuthPresentation"]),
        .library(name: "AuthSwiftUI", targets: ["AuthSwiftUI"]),
        // For an app's server, never an app: it signs with the team's Sign in with Apple key.
        .library(name: "AuthAppleServer", targets: ["AuthAppleServer"]),
        // For an app's test target: the in-process world (either backend's engine, scripted Apple and
        // Google sheets, the mailbox, a test clock, injected backend faults). Docs/Testing.md.
        .library(name: "AuthTesting", targets: ["AuthTesting"]),
        .executable(name: "login", targets: ["login"]),
    ],
    // What an app links (AuthDomain, AuthJWT, AuthData, AuthPresentation, AuthSwiftUI, and in its
    // test target AuthTesting with AuthSimulation, AuthWebAuthn and AuthAppleServer) needs swift-crypto and swift-log
    // only. Everything else serves the tools (the `login` CLI, the
    // emulator, the simulation, the benchmarks) and is used only under the `Tools` trait, on by
    // default: `swift run login` and `swift test` here build everything, and an app that adds
    // the package with `traits: []` resolves and builds swift-crypto and swift-log alone
    // (SwiftPM prunes dependencies that only a disabled trait uses).
    traits: [
        .trait(name: "Tools", description: "The login tool, the emulator and the simulation (Hummingbird, NIO, GRDB, jwt-kit)."),
        .default(enabledTraits: ["Tools"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.8.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        // The emulator's connection deadlines are a NIO channel handler (the versions Hummingbird 2.28.1 resolves).
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.3"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        // The emulator stops by graceful shutdown (the version Hummingbird 2.28.1 resolves).
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        // The emulator's and the CLI's state: SQLite (the system's libsqlite3) through GRDB.
        .package(url: "https://github.com/groue/GRDB.swift.git", exact: "7.10.0"),
    ],
    targets: [
        .target(name: "AuthDomain", path: "Sources/Domain", swiftSettings: strict),
        .target(
            name: "AuthJWT",
            dependencies: [
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
            ],
            path: "Sources/JWT", swiftSettings: strict),
        // WebAuthn's wire pieces (strict CBOR, COSE keys, authenticator data, a software authenticator):
        // swift-crypto only, so that app-side code can reach them; the relying-party verifier is in AuthSimulation.
        .target(
            name: "AuthWebAuthn",
            dependencies: [
                "AuthJWT",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
            ],
            path: "Sources/WebAuthn", swiftSettings: strict),
        .target(
            name: "AuthData",
            dependencies: [
                "AuthDomain", "AuthJWT",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/Data", swiftSettings: strict),
        // Sign in with Apple's server-side calls (the client_secret signed with the team's .p8 key,
        // token revocation): for an app's server. Apps keep the AppleTokenRevoking port and
        // AuthData's AppServerTokenRevoker, which asks that server.
        .target(
            name: "AuthAppleServer",
            dependencies: [
                "AuthDomain", "AuthData", "AuthJWT",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Sources/AppleServer", swiftSettings: strict),
        .target(name: "AuthPresentation", dependencies: ["AuthDomain"], path: "Sources/Presentation", swiftSettings: strict),
        // The SwiftUI screens over AuthPresentation's view models; empty where SwiftUI does not exist.
        .target(
            name: "AuthSwiftUI", dependencies: ["AuthDomain", "AuthPresentation"], path: "Sources/PresentationSwiftUI",
            swiftSettings: strict),
        .target(
            name: "AuthSimulation",
            dependencies: [
                "AuthDomain", "AuthData", "AuthJWT", "AuthWebAuthn", "AuthAppleServer",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/Simulation", swiftSettings: strict),
        .target(
            name: "AuthSimulationSQLite",
            dependencies: [
                "AuthSimulation", "AuthData", "AuthJWT",
                .product(name: "GRDB", package: "GRDB.swift", condition: tools),
                .product(name: "GRDBSQLite", package: "GRDB.swift", condition: tools),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/SimulationSQLite", swiftSettings: strict),
        .target(
            name: "AuthEmulator",
            dependencies: [
                "AuthSimulation", "AuthSimulationSQLite", "AuthData", "AuthDomain", "AuthJWT",
                .product(name: "Hummingbird", package: "hummingbird", condition: tools),
                .product(name: "HummingbirdCore", package: "hummingbird", condition: tools),
                .product(name: "NIOCore", package: "swift-nio", condition: tools),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras", condition: tools),
                .product(name: "HTTPTypes", package: "swift-http-types", condition: tools),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: tools),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/Emulator", swiftSettings: strict),
        .executableTarget(
            name: "login",
            dependencies: [
                "AuthDomain", "AuthData", "AuthPresentation", "AuthSimulation", "AuthSimulationSQLite", "AuthEmulator", "AuthJWT",
                "AuthWebAuthn", "AuthAppleServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: tools),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/CLI", swiftSettings: strict + commandStartUp),
        .executableTarget(
            name: "auth-bench",
            dependencies: [
                "AuthDomain", "AuthData", "AuthJWT", "AuthSimulation", "AuthSimulationSQLite", "AuthEmulator",
                .product(name: "JWTKit", package: "jwt-kit", condition: tools),
                .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/Bench", swiftSettings: strict),
        .executableTarget(
            name: "auth-fuzz",
            dependencies: [
                "AuthDomain", "AuthData", "AuthJWT", "AuthSimulation", "AuthWebAuthn",
                .product(name: "CryptoExtras", package: "swift-crypto"),
            ],
            path: "Sources/Fuzz", swiftSettings: strict),
        // The testing product: what an app's test target links (swift-crypto and swift-log only, iOS too).
        .target(
            name: "AuthTesting",
            dependencies: [
                "AuthDomain", "AuthData", "AuthPresentation", "AuthSimulation", "AuthJWT", "AuthAppleServer",
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/Testing", swiftSettings: strict),
        .target(
            name: "AuthTestSupport",
            dependencies: [
                "AuthDomain", "AuthData", "AuthSimulation", "AuthJWT", "AuthEmulator", "AuthTesting",
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/TestSupport", swiftSettings: strict),
        .testTarget(name: "AuthDomainTests", dependencies: ["AuthDomain", "AuthTestSupport"], swiftSettings: strict),
        .testTarget(
            name: "AuthWebAuthnTests", dependencies: ["AuthDomain", "AuthWebAuthn", "AuthSimulation", "AuthJWT"], swiftSettings: strict),
        .testTarget(name: "AuthJWTTests", dependencies: ["AuthJWT", "AuthTestSupport"], swiftSettings: strict),
        .testTarget(
            name: "AuthDataTests",
            dependencies: [
                "AuthDomain", "AuthData", "AuthJWT", "AuthSimulation", "AuthTestSupport", .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["__Snapshots__"],
            swiftSettings: strict),
        .testTarget(
            name: "AuthPresentationTests",
            dependencies: [
                "AuthDomain", "AuthData", "AuthPresentation", "AuthSimulation", "AuthTestSupport", "AuthWebAuthn",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        .testTarget(
            name: "AuthSimulationTests",
            dependencies: [
                "AuthDomain", "AuthData", "AuthJWT", "AuthSimulation", "AuthTestSupport",
                .product(name: "JWTKit", package: "jwt-kit"), .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        .testTarget(
            name: "CLITests",
            dependencies: ["login", "AuthTestSupport", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: strict),
        .testTarget(
            name: "EmulatorTests",
            dependencies: [
                "AuthDomain", "AuthData", "AuthJWT", "AuthSimulation", "AuthEmulator", "AuthTestSupport", "AuthWebAuthn",
                .product(name: "Crypto", package: "swift-crypto"), .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        .testTarget(
            name: "AuthSimulationSQLiteTests",
            dependencies: [
                "AuthData", "AuthJWT", "AuthSimulation", "AuthSimulationSQLite", "AuthTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"), .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        // An app's test target as an app team writes it: library products only (Docs/Testing.md).
        .testTarget(
            name: "ExampleAppTests",
            dependencies: ["AuthDomain", "AuthData", "AuthPresentation", "AuthTesting"],
            swiftSettings: strict),
        // The session races and cancellations the anchors shipped, on both backends and every store.
        .testTarget(
            name: "SessionCorrectnessTests",
            dependencies: [
                "AuthDomain", "AuthData", "AuthTesting", "AuthTestSupport",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        .testTarget(
            name: "ContractTests",
            dependencies: [
                "AuthDomain", "AuthData", "AuthJWT", "AuthSimulation", "AuthEmulator", "AuthTestSupport", "AuthWebAuthn", "AuthAppleServer",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
