import AuthAppleServer
import AuthData
import AuthDomain
import AuthEmulator
import AuthSimulation
import AuthTestSupport
import Crypto
import Foundation
import Logging

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A whole app wired on one backend flavour: session manager, coordinator with the Apple and
/// Google strategies on the simulated providers, the Apple token revoker (over HTTP to the
/// emulator for REST flavours, through the emulator's routes in process otherwise).
struct LifecycleHarness {
    let backend: BackendHarness
    let store: InMemorySessionStore
    let cache: InMemoryProfileCache
    let coordinator: AuthenticationCoordinator
    let revokerTransport: HTTPTransport
    let appleBase: URL

    var world: TestWorld { backend.world }
    var apple: SimulatedAppleID { world.services.apple }

    static func make(
        _ flavor: BackendFlavor, appleID: String = "ada@example.com", googleEmail: String = "grace@example.com",
        store: InMemorySessionStore = InMemorySessionStore(), reuse: BackendHarness? = nil,
        start: Bool = true, supabase: SupabaseSettings = SupabaseSettings()
    ) async throws -> LifecycleHarness {
        let backend = if let reuse { reuse } else { try await BackendHarness.make(flavor, supabase: supabase) }
        let world = backend.world
        let transport: HTTPTransport
        let appleBase: URL
        if let emulator = backend.emulator {
            transport = .urlSession()
            appleBase = emulator.baseURL.appendingPathComponent("appleid")
        } else {
            transport = try Emulator.inProcess(services: world.services).inProcessTransport
            appleBase = URL(string: "http://in-process/appleid")!
        }
        let keys = world.services.keys
        let clock = AuthClock(now: { world.clock.now }, sleep: AuthClock.live.sleep)
        let revoker = AppleRESTTokenRevoker(
            secret: AppleClientSecret(
                teamID: keys.teamID, keyID: keys.developerKeyID, clientID: world.appleClientID, privateKey: try keys.developerKey()),
            baseURL: appleBase, transport: transport, clock: clock)
        let appleAuthorizer = SimulatedAppleIDAuthorizer(
            appleID: world.services.apple, clientID: world.appleClientID, deviceAppleID: appleID
        ) { _ in
            AppleSheetChoice(name: PersonName(givenName: "Ada", familyName: "Lovelace"))
        }
        let cache = InMemoryProfileCache()
        let logger = Logger(label: "test")
        let sessions = SessionManager(
            backend: backend.backend, store: store, clock: clock,
            policy: flavor.traits.refreshPolicy, logger: logger)
        let coordinator = AuthenticationCoordinator(backend: backend.backend, sessions: sessions, profileCache: cache, logger: logger)
        await coordinator.register(
            AppleAuthStrategy(
                authorizer: appleAuthorizer, backend: backend.backend, nonces: NonceGenerator(source: .live),
                profileCache: cache, tokenRevoker: revoker, logger: logger))
        await coordinator.register(
            GoogleAuthStrategy(
                authorizer: SimulatedGoogleAuthorizer(
                    google: world.services.google, clientID: world.googleClientID,
                    choice: .init(email: googleEmail, name: PersonName(givenName: "Grace", familyName: "Hopper"))),
                backend: backend.backend, nonces: NonceGenerator(source: .live)))
        await coordinator.register(AnonymousAuthStrategy(backend: backend.backend))
        if start { await coordinator.start() }
        return LifecycleHarness(
            backend: backend, store: store, cache: cache, coordinator: coordinator, revokerTransport: transport, appleBase: appleBase)
    }

    /// Signs in and returns the result.
    func signIn(_ credential: LoginCredential) async throws -> AuthenticationResult {
        guard case .authenticated(let result) = try await coordinator.signIn(with: credential) else {
            throw AuthError.invalidInput("expected a sign-in")
        }
        return result
    }

    /// Posts a form to the simulated Apple's REST API (as the revoker would) and returns the
    /// status and the `error` field.
    func postToApple(_ path: String, _ fields: [(String, String)]) async throws -> (status: Int, error: String?) {
        let response = try await revokerTransport.send(
            HTTPRequestData(
                method: "POST", url: appleBase.appendingPathComponent(path),
                headers: [HTTPHeader("Content-Type", "application/x-www-form-urlencoded")],
                body: Data(FormEncoding.encode(fields).utf8), isIdempotent: false))
        let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any]
        return (response.status, object?["error"] as? String)
    }
}
