import AuthJWT

/// The files in the state directory that hold what a sign-in leaves: one session file per
/// embedded backend and one per remote endpoint, and the first-sign-in profile cache.
enum SessionFiles {
    /// The profile cache (names and emails from first sign-ins).
    static let profileCache = "profiles.json"

    /// The session file of the backend and endpoint the options choose.
    /// - Parameter options: The global options.
    /// - Returns: The file's name.
    static func name(_ options: GlobalOptions) -> String {
        guard options.isRemote else { return embedded(options.backend) }
        let endpoint = options.backend.profile.remoteEndpoint(options)
        return "session-remote-\(options.backend.rawValue)-\(SHA256Hex.prefix(of: endpoint)).json"
    }

    /// The session file of an embedded backend.
    /// - Parameter backend: The backend.
    /// - Returns: The file's name.
    static func embedded(_ backend: BackendChoice) -> String { "session-\(backend.rawValue).json" }

    /// What the embedded services' reset forgets: every embedded backend's session file and
    /// the profile cache.
    static var embeddedState: [String] { BackendChoice.allCases.map(embedded) + [profileCache] }
}

extension SHA256Hex {
    /// The first 8 hex digits of the SHA-256 of a string (file-name tags).
    static func prefix(of text: String) -> String { String(hash(text).prefix(8)) }
}
