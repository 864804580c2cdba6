import AuthDomain
import AuthSimulation
import Foundation

/// How `login serve` runs the emulator.
public struct EmulatorConfiguration: Sendable, Hashable {
    /// The address to bind.
    public var host: String
    /// Users loaded at start when the services hold none, and again after every reset
    /// (`login serve --seed`).
    public var seed: UserSeed?
    /// The port to bind (0 picks a free one).
    public var port: Int
    /// Where keys and state are kept; `nil` for none.
    public var stateDirectory: URL?
    /// Whether to keep no users between runs (keys are still reused from the state directory).
    public var ephemeral: Bool
    /// A database file used instead of the state directory's `auth.sqlite3`, which other
    /// emulators may use at the same time (GoTrue servers with one `DATABASE_URL` share their
    /// users); `nil` for the state directory's own.
    public var sharedDatabase: URL?
    /// Extra Supabase API keys accepted besides the generated anon and service-role keys.
    public var anonKeys: [String]
    /// Firebase project ids served (the first is the default), each with its own users.
    public var firebaseProjects: [String]
    /// The Firebase-like engine's rate limits.
    public var firebaseRateLimits = FirebaseRateLimits()
    /// The client ids the services accept per identity provider; the first of each is the app's.
    public var clientIDs: [ProviderID: [String]]
    /// The largest request body accepted, in bytes.
    public var maxBodySize: Int
    /// Header-read, body-read and idle timeouts, and the cap on open connections.
    public var connectionLimits: EmulatorConnectionLimits
    /// The Supabase project's settings (manual linking, unverified email sign-ins, nonce checks,
    /// rate limits); GoTrue's defaults unless `login serve` is told otherwise.
    public var supabase = SupabaseSettings()
    /// Who may open the console at `/console`: this machine only unless `login serve --console`.
    public var console = ConsoleAccess.loopbackOnly
    /// The Supabase JWT secret: the local stack's well-known one (``SupabaseLocalKeys``) unless a
    /// project's own is set; `nil` for the secret generated for the state directory.
    public var supabaseJWTSecret: String? = SupabaseLocalKeys.jwtSecret
    /// `GOTRUE_JWT_KEYS`: the access tokens' asymmetric signing key and further verification
    /// keys (``GoTrueJWTKeys``); `nil` signs with the JWT secret alone.
    public var supabaseJWTKeys: String?
    /// Host names requests may carry besides loopback names, IP literals and ``host``, for an
    /// emulator served under another name on purpose; any other `Host` is refused (DNS rebinding).
    public var allowedHosts: [String] = []
    /// The Firebase projects' passkey settings (Identity Platform's `PasskeyConfig`: `rpId`
    /// `localhost`, no `expectedOrigins` unless `login serve` is given some, which refuses every
    /// ceremony).
    public var firebasePasskeyConfig = FirebasePasskeyConfig()

    /// Creates a configuration.
    /// - Parameters:
    ///   - host: The bind address.
    ///   - port: The port.
    ///   - stateDirectory: The state directory.
    ///   - ephemeral: Whether to keep no users.
    public init(host: String = "127.0.0.1", port: Int = 9999, stateDirectory: URL?, ephemeral: Bool = false) {
        self.host = host
        self.port = port
        self.stateDirectory = stateDirectory
        self.ephemeral = ephemeral
        self.anonKeys = []
        self.firebaseProjects = ["demo-authcoordinator"]
        self.clientIDs = SimulationConfiguration.defaultClientIDs
        self.maxBodySize = 1 << 20
        self.connectionLimits = EmulatorConnectionLimits()
    }

    /// The base URL clients use.
    public var baseURL: String { baseURL(port: port) }

    /// The base URL clients use, with a given port (the bound one, for port 0).
    /// - Parameter port: The port.
    /// - Returns: The URL.
    public func baseURL(port: Int) -> String { "http://\(host.contains(":") ? "[\(host)]" : host):\(port)" }
}
