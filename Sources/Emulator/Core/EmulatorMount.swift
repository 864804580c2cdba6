/// Which route collection answers a request: the one table from a path's first segment to the
/// service mounted there. Routing and the 413 answer (in the service's own error shape) both read
/// it, so a service's prefixes are listed once.
enum EmulatorMount: Sendable, Equatable {
    /// Supabase Auth, `/auth/v1` (``SupabaseRoutes``).
    case supabase
    /// Identity Toolkit, Secure Token and the Firebase emulator's own routes (``FirebaseRoutes``).
    case firebase
    /// The simulated Apple ID, `/appleid` (``AppleIDRoutes``).
    case appleID
    /// The simulated Google, `/google` (``GoogleRoutes``).
    case google
    /// The web console, `/console` (``ConsoleRoutes``).
    case console
    /// The emulator's own routes (``Emulator/table``): every path no service is mounted under.
    case emulator

    /// The first path segments the services are mounted under.
    static let prefixes: [String: EmulatorMount] = [
        "auth": .supabase,
        "identitytoolkit.googleapis.com": .firebase,
        "www.googleapis.com": .firebase,
        "securetoken.googleapis.com": .firebase,
        "emulator": .firebase,
        "appleid": .appleID,
        "google": .google,
        "console": .console,
    ]

    /// The service a request's path belongs to.
    /// - Parameter segments: The request's path segments.
    init(segments: [String]) {
        self = segments.first.flatMap { Self.prefixes[$0] } ?? .emulator
    }
}
