import ArgumentParser
import AuthData
import AuthSimulation
import Foundation

/// The options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(help: "The auth backend: supabase or firebase.")
    var backend: BackendChoice = .supabase

    @Option(help: ArgumentHelp(
        "Where users, sessions and keys are kept.", discussion: "Default: $XDG_STATE_HOME/login, else ~/.local/state/login.",
        valueName: "dir"))
    var stateDir: String?

    @Flag(help: "Print one JSON object on stdout.")
    var json = false

    @Flag(help: "Log what happens on stderr.")
    var verbose = false

    @Option(help: ArgumentHelp("The app's Apple client id (bundle id).", valueName: "id"))
    var appleClientID = "com.example.authcoordinator"

    @Option(help: ArgumentHelp("The app's Google OAuth client id.", valueName: "id"))
    var googleClientID = "123456789012-authcoordinator.apps.googleusercontent.com"

    @Option(help: ArgumentHelp("Use the Supabase project (or emulator) at this URL instead of the embedded engine.", valueName: "url"))
    var supabaseURL: String?

    @Option(help: ArgumentHelp("The Supabase anon key for --supabase-url.", valueName: "key"))
    var supabaseKey: String?

    @Option(help: ArgumentHelp("Use Firebase Auth with this Web API key instead of the embedded engine.", valueName: "key"))
    var firebaseAPIKey: String?

    @Option(help: ArgumentHelp("The Firebase project id (admin calls, global sign-out).", valueName: "id"))
    var firebaseProject: String?

    @Option(help: ArgumentHelp("Reach Firebase through an Auth emulator at host:port.", valueName: "host:port"))
    var firebaseEmulatorHost: String?

    @Option(help: ArgumentHelp("A Firebase admin bearer token (the emulator accepts `owner`), for global sign-out.", valueName: "token"))
    var firebaseAdminToken: String?

    @Option(help: ArgumentHelp("The emulator whose simulated Apple ID, Google and mailbox to use with a remote backend.", valueName: "url"))
    var idpURL: String?

    @Option(help: ArgumentHelp("Apple team id, for revoking Apple tokens on account deletion (remote backends).", valueName: "id"))
    var appleTeamID: String?

    @Option(help: ArgumentHelp("Apple key id of the Sign in with Apple key (remote backends).", valueName: "id"))
    var appleKeyID: String?

    @Option(help: ArgumentHelp("The Sign in with Apple key's .p8 file (remote backends).", valueName: "path"))
    var appleKeyFile: String?

    @Option(help: ArgumentHelp(
        "Seconds each HTTP request to a remote backend or --idp-url may take, from sending it to its last byte (1-300).",
        discussion: "A failed idempotent request is retried once, so a call can take twice as long.", valueName: "seconds"))
    var timeout = 30

    /// Whether a remote backend was asked for.
    var isRemote: Bool { supabaseURL != nil || firebaseAPIKey != nil }

    /// The bounds of every HTTP request to a remote backend: `--timeout`, and the transport's
    /// body limit.
    var transportLimits: HTTPTransportLimits { HTTPTransportLimits(timeout: TimeInterval(timeout)) }

    /// The embedded services' configuration: the app's client id for each identity provider,
    /// and the Supabase settings of the embedded services (``embeddedSupabaseSettings``).
    var simulationConfiguration: SimulationConfiguration {
        var configuration = SimulationConfiguration(clientIDs: [.apple: [appleClientID], .google: [googleClientID]])
        configuration.supabase = Self.embeddedSupabaseSettings
        return configuration
    }

    /// The embedded Supabase-like engine's settings: GoTrue's defaults, except manual linking,
    /// which is on so that `login unlink` works (Docs/Backends.md, "The CLI's embedded world").
    static var embeddedSupabaseSettings: SupabaseSettings {
        var settings = SupabaseSettings()
        settings.manualLinkingEnabled = true
        return settings
    }

    mutating func validate() throws {
        guard (1...300).contains(timeout) else { throw ValidationError("--timeout takes 1 to 300 seconds, not \(timeout)") }
        if supabaseURL != nil, supabaseKey == nil { throw ValidationError("--supabase-url needs --supabase-key") }
        if supabaseKey != nil, supabaseURL == nil { throw ValidationError("--supabase-key needs --supabase-url") }
        for (flag, value) in [("--supabase-url", supabaseURL), ("--idp-url", idpURL)] {
            if let value, URL(string: value)?.scheme == nil { throw ValidationError("\(flag) \"\(value)\" is not a URL") }
        }
        if let host = firebaseEmulatorHost {
            do { _ = try FirebaseConfiguration.emulatorBaseURL(host) } catch {
                throw ValidationError("--firebase-emulator-host takes host:port, without a scheme (\(error))")
            }
        }
        if supabaseURL != nil, backend == .firebase, firebaseAPIKey == nil {
            throw ValidationError("--backend firebase with --supabase-url: give --firebase-api-key too")
        }
        if firebaseAPIKey != nil, supabaseURL == nil { backend = .firebase }
    }

    /// The state directory, resolved.
    var stateDirectory: URL {
        if let stateDir { return URL(fileURLWithPath: (stateDir as NSString).expandingTildeInPath) }
        let environment = ProcessInfo.processInfo.environment
        if let xdg = environment["XDG_STATE_HOME"], !xdg.isEmpty {
            return URL(fileURLWithPath: xdg).appendingPathComponent("login")
        }
        return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/state/login")
    }
}

