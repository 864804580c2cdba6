import AuthData
import AuthDomain
import AuthJWT
import Foundation

/// The simulated services, wired once: Apple ID and Google (the identity providers), the
/// mailbox, and the Supabase-like and Firebase-like engines that trust those providers. The
/// in-process backends, the CLI and the emulator all run on one of these.
///
/// What they remember lives in one ``SimulationStorage``: in memory by default, in the state
/// directory's SQLite database for `login serve` and the CLI's embedded services.
///
/// ```swift
/// let services = try await SimulatedServices(configuration: .init(), keys: .generate(), clock: .live)
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
    /// Where everything the services remember is kept.
    package let storage: any SimulationStorage

    /// Builds the services, remembering in memory (unit tests, the in-process backends).
    /// - Parameters:
    ///   - configuration: Client ids and project names.
    ///   - keys: The signing keys.
    ///   - clock: The time source.
    /// - Throws: When a stored key cannot be read.
    public convenience init(configuration: SimulationConfiguration, keys: SimulationKeys, clock: AuthClock) async throws {
        try await self.init(configuration: configuration, keys: keys, storage: InMemorySimulationStorage(), clock: clock)
    }

    /// Builds the services over a storage.
    /// - Parameters:
    ///   - configuration: Client ids and project names.
    ///   - keys: The signing keys.
    ///   - storage: Where what the services remember is kept.
    ///   - clock: The time source.
    /// - Throws: When a stored key cannot be read.
    package init(configuration: SimulationConfiguration, keys: SimulationKeys, storage: any SimulationStorage, clock: AuthClock)
        async throws
    {
        self.configuration = configuration
        self.keys = keys
        self.clock = clock
        self.storage = storage
        let apple = SimulatedAppleID(
            configuration: AppleIDConfiguration(teamID: keys.teamID), clock: clock,
            keyRing: try RSAKeyRing(stored: keys.apple), storage: storage)
        await apple.registerDeveloperKey(keyID: keys.developerKeyID, publicKey: try keys.developerKey().publicKey)
        let google = SimulatedGoogle(clock: clock, keyRing: try RSAKeyRing(stored: keys.google), storage: storage)
        let mailbox = SimulatedMailbox(storage: storage)
        self.apple = apple
        self.google = google
        self.mailbox = mailbox

        // Each relying party caches the providers' key sets on its own.
        let providerKeys = {
            [
                ProviderID.apple: KeySetCache(now: clock.now) { await apple.jwks },
                .google: KeySetCache(now: clock.now) { await google.jwks },
            ]
        }
        let secret =
            configuration.supabaseJWTSecret.map { Array($0.utf8) }
            ?? Array(Data(base64Encoded: keys.supabaseJWTSecret) ?? Data(keys.supabaseJWTSecret.utf8))
        var supabaseConfiguration = SupabaseEngineConfiguration(
            issuer: configuration.supabaseIssuer, accessTokenKey: .hs256(secret: secret), clientIDs: configuration.acceptedClientIDs)
        if let text = configuration.supabaseJWTKeys {
            supabaseConfiguration.accessTokenKeys = SupabaseAccessTokenKeys(secret: secret, jwtKeys: try GoTrueJWTKeys(parsing: text))
        }
        if configuration.supabase.externalURL == nil { supabaseConfiguration.boundBase = configuration.emulatorBase }
        supabaseConfiguration.maxSessionsPerUser = 64
        supabaseConfiguration.settings = configuration.supabase
        supabaseConfiguration.passwordHashCost = configuration.passwordHashCost
        let webFlow = ProviderWebFlow.simulated(apple: apple, google: google, keys: keys, clock: clock)
        self.supabase = SupabaseEngine(
            configuration: supabaseConfiguration, clock: clock, mailbox: mailbox,
            providerKeys: providerKeys(), storage: storage, webFlow: webFlow)
        let firebaseKey = try RSAKeyRing(stored: keys.firebase).active
        var firebaseConfiguration = FirebaseEngineConfiguration(
            projectID: configuration.firebaseProjectID, idTokenKey: firebaseKey.signer,
            clientIDs: configuration.acceptedClientIDs)
        firebaseConfiguration.actionURL = configuration.firebaseActionURL
        firebaseConfiguration.boundBase = configuration.emulatorBase
        firebaseConfiguration.rateLimits = configuration.firebaseRateLimits
        firebaseConfiguration.passkeyConfig = configuration.firebasePasskeyConfig
        firebaseConfiguration.passwordHashCost = configuration.passwordHashCost
        self.firebaseProjects = FirebaseProjects(
            base: firebaseConfiguration, projectIDs: [configuration.firebaseProjectID] + configuration.otherFirebaseProjectIDs,
            clock: clock, mailbox: mailbox, providerKeys: providerKeys, storage: storage, webFlow: webFlow)
        self.firebase = firebaseProjects.defaultEngine
    }
}
