import AuthData
import AuthDomain
import AuthJWT
import Foundation

/// The simulated services, wired once: Apple ID and Google (the identity providers), the
/// mailbox, and the Supabase-like and Firebase-like engines that trust those providers. The
/// in-process backends, the CLI and the emulator all run on one of these.
///
/// ```swift
/// let services = try await SimulatedServices(configuration: .init(), keys: .generate(), state: .init(), clock: .live)
/// let backend = SupabaseAuthBackend(engine: services.supabase)
/// ```
public final class SimulatedServices: Sendable {
    /// Client ids and project names.
    public let configuration: SimulationConfiguration
    /// The keys in use.
    public let keys: SimulationKeys
    /// The time source.
    public let clock: AuthClock
    /// Apple's identity service and sheet.
    public let apple: SimulatedAppleID
    /// Google Sign-In.
    public let google: SimulatedGoogle
    /// Where codes are mailed.
    public let mailbox: SimulatedMailbox
    /// The Supabase-like engine.
    public let supabase: SupabaseEngine
    /// The Firebase-like engine of the default project.
    public let firebase: FirebaseEngine
    /// Every Firebase project served, each with its own engine and users.
    public let firebaseProjects: FirebaseProjects

    /// Builds the services.
    /// - Parameters:
    ///   - configuration: Client ids and project names.
    ///   - keys: The signing keys.
    ///   - state: What the services remember.
    ///   - clock: The time source.
    /// - Throws: When a stored key cannot be read.
    public init(configuration: SimulationConfiguration, keys: SimulationKeys, state: SimulationState, clock: AuthClock) async throws {
        self.configuration = configuration
        self.keys = keys
        self.clock = clock
        let apple = SimulatedAppleID(
            configuration: AppleIDConfiguration(teamID: keys.teamID), clock: clock,
            keyRing: try RSAKeyRing(stored: keys.apple), state: state.apple)
        await apple.registerDeveloperKey(keyID: keys.developerKeyID, publicKey: try keys.developerKey().publicKey)
        let google = SimulatedGoogle(clock: clock, keyRing: try RSAKeyRing(stored: keys.google), accounts: state.googleAccounts)
        let mailbox = SimulatedMailbox(messages: state.mailbox)
        self.apple = apple
        self.google = google
        self.mailbox = mailbox

        // Each relying party caches the providers' key sets on its own.
        let providerKeys = {
            [ProviderID.apple: KeySetCache(now: clock.now) { await apple.jwks }, .google: KeySetCache(now: clock.now) { await google.jwks }]
        }
        var supabaseConfiguration = SupabaseEngineConfiguration(
            issuer: configuration.supabaseIssuer,
            accessTokenKey: .hs256(secret: Array(Data(base64Encoded: keys.supabaseJWTSecret) ?? Data(keys.supabaseJWTSecret.utf8))),
            clientIDs: configuration.acceptedClientIDs)
        supabaseConfiguration.maxSessionsPerUser = 64
        supabaseConfiguration.settings = configuration.supabase
        let webFlow = ProviderWebFlow.simulated(apple: apple, google: google, keys: keys, clock: clock)
        self.supabase = SupabaseEngine(
            configuration: supabaseConfiguration, clock: clock, mailbox: mailbox,
            providerKeys: providerKeys(), state: state.supabase, webFlow: webFlow)
        let firebaseKey = try RSAKeyRing(stored: keys.firebase).active
        var firebaseConfiguration = FirebaseEngineConfiguration(
            projectID: configuration.firebaseProjectID, idTokenKey: firebaseKey.signer,
            clientIDs: configuration.acceptedClientIDs)
        firebaseConfiguration.actionURL = configuration.firebaseActionURL
        firebaseConfiguration.rateLimits = configuration.firebaseRateLimits
        self.firebaseProjects = FirebaseProjects(
            base: firebaseConfiguration, projectIDs: [configuration.firebaseProjectID] + configuration.otherFirebaseProjectIDs,
            clock: clock, mailbox: mailbox, providerKeys: providerKeys, state: state.firebase, webFlow: webFlow)
        self.firebase = firebaseProjects.defaultEngine
    }

    /// What the services remember now, for persistence.
    /// - Returns: The state.
    public func snapshot() async -> SimulationState {
        var state = SimulationState()
        state.apple = await apple.state
        state.googleAccounts = await google.accounts
        state.mailbox = await mailbox.snapshot
        state.supabase = await supabase.snapshot()
        state.firebase = await firebaseProjects.snapshot()
        return state
    }
}
