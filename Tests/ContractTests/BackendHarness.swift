import AuthData
import AuthDomain
import AuthEmulator
import AuthJWT
import AuthSimulation
import AuthTestSupport
import Foundation
import Testing

/// Which implementation of ``AuthBackend`` a contract test runs against.
enum BackendFlavor: String, CaseIterable, CustomTestStringConvertible, Sendable {
    /// The Supabase adapter in front of the in-process engine.
    case supabaseInProcess
    /// The Firebase adapter in front of the in-process engine.
    case firebaseInProcess
    /// The Supabase REST adapter over HTTP, against the emulator on a loopback port.
    case supabaseREST
    /// The Firebase REST adapter over HTTP, against the emulator on a loopback port.
    case firebaseREST

    var testDescription: String { rawValue }

    /// The service's rules, as data.
    var traits: BackendTraits {
        switch self {
        case .supabaseInProcess, .supabaseREST: .supabase
        case .firebaseInProcess, .firebaseREST: .firebase
        }
    }

    /// Whether calls cross HTTP.
    var isREST: Bool { self == .supabaseREST || self == .firebaseREST }
}

/// One backend under test, on a fresh simulated world, plus the means to get provider tokens.
struct BackendHarness {
    let flavor: BackendFlavor
    let world: TestWorld
    let backend: any AuthBackend
    /// The emulator serving the world, for the REST flavours (stopped when the harness goes).
    let emulator: RunningEmulator?

    /// - Parameters:
    ///   - flavor: The implementation.
    ///   - supabase: The Supabase project's settings (GoTrue's defaults unless a test needs one).
    ///   - configure: Further changes to the simulated world's configuration.
    static func make(
        _ flavor: BackendFlavor, supabase: SupabaseSettings = SupabaseSettings(),
        configure: (inout SimulationConfiguration) -> Void = { _ in }
    ) async throws -> BackendHarness {
        var setup = SimulationConfiguration()
        setup.supabase = supabase
        configure(&setup)
        let world = try await TestWorld.make(configuration: setup)
        // Time comes from the test clock; the transport's retry backoff waits in real time.
        let clock = AuthClock(now: { world.clock.now }, sleep: AuthClock.live.sleep)
        switch flavor {
        case .supabaseInProcess:
            return BackendHarness(
                flavor: flavor, world: world, backend: SupabaseAuthBackend(engine: world.services.supabase), emulator: nil)
        case .firebaseInProcess:
            return BackendHarness(
                flavor: flavor, world: world, backend: FirebaseAuthBackend(engine: world.services.firebase), emulator: nil)
        case .supabaseREST:
            let emulator = try await RunningEmulator.start(services: world.services)
            let backend = SupabaseAuthBackend(
                configuration: SupabaseConfiguration(projectURL: emulator.baseURL, apiKey: emulator.emulator.anonKey),
                transport: .urlSession(), clock: clock)
            return BackendHarness(flavor: flavor, world: world, backend: backend, emulator: emulator)
        case .firebaseREST:
            let emulator = try await RunningEmulator.start(services: world.services)
            var configuration = FirebaseConfiguration(
                apiKey: "test-api-key", projectID: world.services.configuration.firebaseProjectID,
                emulatorHost: "127.0.0.1:\(emulator.port)")
            configuration.adminToken = "owner"
            let backend = FirebaseAuthBackend(configuration: configuration, transport: .urlSession(), clock: clock)
            return BackendHarness(flavor: flavor, world: world, backend: backend, emulator: emulator)
        }
    }

    var clock: TestClock { world.clock }

    /// Runs the simulated Apple sheet with a fresh raw nonce (hashed into the token as an app
    /// does) and returns the credential for the backend.
    func appleCredential(
        appleID: String = "ada@example.com", name: PersonName? = PersonName(givenName: "Ada", familyName: "Lovelace"),
        hideEmail: Bool = false, clientID: String? = nil
    ) async throws -> (IDTokenCredential, AppleSheetResponse) {
        let raw = NonceGenerator(source: .live).make()
        let response = try await world.services.apple.authorize(
            AppleSheetRequest(
                clientID: clientID ?? world.appleClientID, appleID: appleID, name: name, hideEmail: hideEmail,
                nonce: NonceGenerator.sha256Hex(raw)))
        return (
            IDTokenCredential(
                provider: .apple, idToken: Secret(response.identityToken), rawNonce: Secret(raw), fullName: response.fullName), response
        )
    }

    /// Runs the simulated Google chooser with a fresh nonce.
    func googleCredential(email: String = "grace@example.com", name: PersonName? = PersonName(givenName: "Grace", familyName: "Hopper"))
        async throws -> IDTokenCredential
    {
        let raw = NonceGenerator(source: .live).make()
        let response = try await world.services.google.signIn(
            GoogleSignInSheetRequest(
                clientID: world.googleClientID, email: email, name: name, nonce: NonceGenerator.sha256Hex(raw)))
        return IDTokenCredential(
            provider: .google, idToken: Secret(response.idToken), rawNonce: Secret(raw), accessToken: Secret(response.accessToken))
    }

    /// The code in the newest message mailed to an address.
    func latestCode(for email: String) async throws -> Secret {
        let message = try #require(await world.services.mailbox.latest(for: email))
        return Secret(message.code)
    }

    /// Expects `body` to fail with an ``AuthError`` matching `matches`.
    func expectFailure<T>(
        _ expectation: String, _ body: () async throws -> T, sourceLocation: SourceLocation = #_sourceLocation,
        matches: (AuthError) -> Bool
    ) async {
        do {
            _ = try await body()
            Issue.record("\(flavor): expected \(expectation), but it succeeded", sourceLocation: sourceLocation)
        } catch let error as AuthError {
            #expect(matches(error), "\(flavor): expected \(expectation), got \(error)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("\(flavor): expected \(expectation), got a non-domain error \(error)", sourceLocation: sourceLocation)
        }
    }
}
