import ArgumentParser
import AuthData
import AuthSimulation
import Foundation

/// The options every command but `serve` takes. Remote settings may also come from the
/// environment (`SUPABASE_URL`, `SUPABASE_ANON_KEY`, `FIREBASE_AUTH_EMULATOR_HOST`,
/// `FIREBASE_API_KEY`, `LOGIN_STATE_DIR`); a flag always wins over its variable. The resolved
/// values are in `GlobalOptions+Resolved.swift`.
struct GlobalOptions: ParsableArguments {
    @Option(
        name: .customLong("backend"),
        help: "The auth backend: supabase or firebase (any case; default: supabase, or what the remote flags or variables name).")
    var backendFlag: BackendChoice?

    @Option(
        help: ArgumentHelp(
            "Where users, sessions and keys are kept (env: LOGIN_STATE_DIR).",
            discussion: "Default: $XDG_STATE_HOME/login, else ~/.local/state/login. It must be yours and writable by no one else.",
            valueName: "dir"))
    var stateDir: String?

    @Flag(help: "Print one JSON object on stdout.")
    var json = false

    @Flag(help: "Log what happens on stderr.")
    var verbose = false

    @Option(help: ArgumentHelp("How long to wait for another login command using the state directory.", valueName: "seconds"))
    var lockTimeout: Double = 30

    @Option(help: ArgumentHelp("The app's Apple client id (bundle id).", valueName: "id"))
    var appleClientID = "com.example.authcoordinator"

    @Option(help: ArgumentHelp("The app's Google OAuth client id.", valueName: "id"))
    var googleClientID = "123456789012-authcoordinator.apps.googleusercontent.com"

    @Option(
        name: .customLong("supabase-url"),
        help: ArgumentHelp(
            "Use the Supabase project (or emulator) at this URL instead of the embedded engine (env: SUPABASE_URL).", valueName: "url"))
    var supabaseURLFlag: String?

    @Option(
        name: .customLong("supabase-key"),
        help: ArgumentHelp(
            "The anon key for --supabase-url (env: SUPABASE_ANON_KEY; default for a loopback URL: the well-known local anon key).",
            valueName: "key"))
    var supabaseKeyFlag: String?

    @Option(
        name: .customLong("firebase-api-key"),
        help: ArgumentHelp(
            """
            Use Firebase Auth with this Web API key instead of the embedded engine (env: FIREBASE_API_KEY; with an emulator host, any\
             value).
            """,
            valueName: "key"))
    var firebaseAPIKeyFlag: String?

    @Option(
        name: .customLong("firebase-project"),
        help: ArgumentHelp(
            "The Firebase project id, for admin calls and global sign-out (default with an emulator host: demo-authcoordinator).",
            valueName: "id"))
    var firebaseProjectFlag: String?

    @Option(
        name: .customLong("firebase-emulator-host"),
        help: ArgumentHelp(
            "Reach Firebase through an Auth emulator at host:port (env: FIREBASE_AUTH_EMULATOR_HOST).", valueName: "host:port"))
    var firebaseEmulatorHostFlag: String?

    @Option(
        name: .customLong("firebase-admin-token"),
        help: ArgumentHelp(
            "A Firebase admin bearer token, for admin calls and global sign-out (default with an emulator host: owner).", valueName: "token"
        ))
    var firebaseAdminTokenFlag: String?

    @Option(
        name: .customLong("idp-url"),
        help: ArgumentHelp(
            "The emulator whose simulated Apple ID, Google and mailbox to use with a remote backend (env: LOGIN_IDP_URL; "
                + "default: the emulator itself, with --firebase-emulator-host or a loopback --supabase-url).",
            valueName: "url"))
    var idpURLFlag: String?

    @Option(help: ArgumentHelp("Apple team id, for revoking Apple tokens on account deletion (remote backends).", valueName: "id"))
    var appleTeamID: String?

    @Option(help: ArgumentHelp("Apple key id of the Sign in with Apple key (remote backends).", valueName: "id"))
    var appleKeyID: String?

    @Option(help: ArgumentHelp("The Sign in with Apple key's .p8 file (remote backends).", valueName: "path"))
    var appleKeyFile: String?

    @Option(
        help: ArgumentHelp(
            """
            Seconds each HTTP request to a remote backend or --idp-url may take, from sending it to its last byte (1-300; default 30);\
             with --browser, also how long to wait for the browser (default 300).
            """,
            discussion: "A failed idempotent request is retried once, so a call can take twice as long.", valueName: "seconds"))
    var timeout: Int?

    /// Set when the remote options were filled in from the `login serve` holding the state
    /// directory (``reachingServe()``), so that hints do not repeat them; not for typing.
    @Flag(name: .customLong("via-serve"), help: .private)
    var viaServe = false

    /// The bounds of every HTTP request to a remote backend: `--timeout` (30 s by default), and
    /// the transport's body limit.
    var transportLimits: HTTPTransportLimits { HTTPTransportLimits(timeout: TimeInterval(timeout ?? 30)) }

    /// How long a `--browser` sign-in waits for the browser to come back: `--timeout`, else 5 minutes.
    var browserTimeout: Duration { .seconds(timeout ?? 300) }

    /// The embedded services' configuration: the app's client id for each identity provider
    /// (``CLIProvider/table``),
    /// and the Supabase settings of the embedded services (``embeddedSupabaseSettings``).
    var simulationConfiguration: SimulationConfiguration {
        var configuration = SimulationConfiguration(clientIDs: CLIProvider.clientIDs(self))
        configuration.supabase = Self.embeddedSupabaseSettings
        configuration.firebasePasskeyConfig = FirebasePasskeyConfig(
            rpID: Self.embeddedPasskeyRPID, expectedOrigins: [Self.embeddedPasskeyOrigin])
        return configuration
    }

    /// The embedded Supabase-like engine's settings: GoTrue's defaults, except manual linking,
    /// which is on so that `login unlink` works (Docs/Backends.md, "The CLI's embedded world").
    static var embeddedSupabaseSettings: SupabaseSettings {
        var settings = SupabaseSettings()
        settings.manualLinkingEnabled = true
        settings.passkey = SupabasePasskeySettings(rpID: embeddedPasskeyRPID, displayName: "login", origins: [embeddedPasskeyOrigin])
        return settings
    }

    /// The embedded engines' passkey relying party: RP ID `localhost`.
    static let embeddedPasskeyRPID = "localhost"
    /// The origin the embedded engines accept in passkey client data: the one a device's passkeys
    /// report for the RP ID (`https://` and the RP ID), which `login passkey` uses by default.
    static let embeddedPasskeyOrigin = "https://localhost"

    func validate() throws {
        if let timeout, !(1...300).contains(timeout) { throw ValidationError("--timeout takes 1 to 300 seconds, not \(timeout)") }
        if stateDir?.isEmpty == true { throw ValidationError("--state-dir must not be empty (omit it for the default directory)") }
        guard lockTimeout.isFinite, (0...3600).contains(lockTimeout) else {
            throw ValidationError("--lock-timeout must be a number of seconds from 0 to 3600")
        }
        let supabaseFlags = supabaseURLFlag != nil || supabaseKeyFlag != nil
        let firebaseFlags = firebaseAPIKeyFlag != nil || firebaseEmulatorHostFlag != nil
        if supabaseFlags && firebaseFlags { throw ValidationError("--supabase-* and --firebase-* options name two backends: choose one") }
        switch backendFlag {
        case .supabase?:
            if firebaseFlags { throw ValidationError("--firebase-api-key and --firebase-emulator-host go with --backend firebase") }
        case .firebase?:
            if supabaseFlags { throw ValidationError("--supabase-url and --supabase-key go with --backend supabase") }
        case nil:
            break
        }
        if supabaseKeyFlag != nil, supabaseURL == nil { throw ValidationError("--supabase-key needs --supabase-url (or SUPABASE_URL)") }
        if let url = supabaseURL {
            try Self.checkURL(url, name: supabaseURLFlag == nil ? "SUPABASE_URL" : "--supabase-url")
            if supabaseKey == nil {
                throw ValidationError("--supabase-url needs --supabase-key KEY (or SUPABASE_ANON_KEY) for a URL not on this machine")
            }
        }
        if let idpURL { try Self.checkURL(idpURL, name: idpURLFlag == nil ? "LOGIN_IDP_URL" : "--idp-url") }
        if let host = firebaseEmulatorHost {
            let name = firebaseEmulatorHostFlag == nil ? "FIREBASE_AUTH_EMULATOR_HOST" : "--firebase-emulator-host"
            do { _ = try FirebaseConfiguration.emulatorBaseURL(host) } catch {
                throw ValidationError("\(name) takes host:port, without a scheme (for example 127.0.0.1:9999); got \"\(host)\"")
            }
        }
        if firebaseAPIKey?.isEmpty == true { throw ValidationError("--firebase-api-key must not be empty") }
    }

    /// Refuses a URL without an http or https scheme and a host.
    private static func checkURL(_ text: String, name: String) throws {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            let host = url.host, !host.isEmpty
        else { throw ValidationError("\(name) \"\(text)\" is not an http(s) URL with a host (for example http://127.0.0.1:9999)") }
    }
}
