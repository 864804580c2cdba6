import AuthSimulation
import Foundation

/// What the global options resolve to once the environment is read: a flag wins over its
/// variable, and a backend's variables apply only to that backend (`SUPABASE_URL` exported does
/// not turn `--backend firebase` remote).
extension GlobalOptions {
    /// The environment variables `login` reads, with what each sets (for `--help`).
    static let environmentVariables: [(name: String, meaning: String)] = [
        ("SUPABASE_URL", "--supabase-url"), ("SUPABASE_ANON_KEY", "--supabase-key"),
        ("FIREBASE_AUTH_EMULATOR_HOST", "--firebase-emulator-host"), ("FIREBASE_API_KEY", "--firebase-api-key"),
        ("LOGIN_STATE_DIR", "--state-dir"), ("LOGIN_IDP_URL", "--idp-url"),
        ("SUPABASE_SERVICE_ROLE_KEY", "--service-role-key (login users, login reset)"),
    ]

    /// The Firebase project the emulator serves unless told otherwise (`login serve`'s default).
    static let emulatorDefaultProject = "demo-authcoordinator"

    /// One variable, read with `getenv`: `ProcessInfo.environment` copies the whole environment
    /// into a dictionary on each call, and the options read several variables per command.
    private func variable(_ name: String) -> String? {
        guard let value = getenv(name), value.pointee != 0 else { return nil }
        return String(cString: value)
    }

    /// The backend: `--backend`, else the one the remote flags name, else the one the
    /// environment names (Supabase when both are set), else Supabase.
    var backend: BackendChoice {
        if let backendFlag { return backendFlag }
        if firebaseAPIKeyFlag != nil || firebaseEmulatorHostFlag != nil { return .firebase }
        if supabaseURLFlag != nil || supabaseKeyFlag != nil { return .supabase }
        if variable("SUPABASE_URL") == nil, variable("FIREBASE_AUTH_EMULATOR_HOST") != nil || variable("FIREBASE_API_KEY") != nil {
            return .firebase
        }
        return .supabase
    }

    /// `--supabase-url`, else `SUPABASE_URL` (Supabase only).
    var supabaseURL: String? {
        switch backend {
        case .supabase: supabaseURLFlag ?? variable("SUPABASE_URL")
        case .firebase: nil
        }
    }

    /// `--supabase-key`, else `SUPABASE_ANON_KEY`, else, for a URL on this machine (an
    /// emulator), the local stack's well-known anon key.
    var supabaseKey: String? {
        switch backend {
        case .supabase:
            if let key = supabaseKeyFlag ?? variable("SUPABASE_ANON_KEY") { return key }
            return supabaseURL.flatMap(Self.loopbackURL) == nil ? nil : SupabaseLocalKeys.anonKey
        case .firebase:
            return nil
        }
    }

    /// `--idp-url`, else `LOGIN_IDP_URL`, else the emulator the remote backend names: the
    /// Firebase emulator host, or a Supabase URL on this machine.
    var idpURL: String? {
        if let url = idpURLFlag ?? variable("LOGIN_IDP_URL") { return url }
        switch backend {
        case .supabase: return supabaseURL.flatMap(Self.loopbackURL)
        case .firebase: return firebaseEmulatorHost.map { "http://" + $0 }
        }
    }

    /// `SUPABASE_SERVICE_ROLE_KEY`, for the admin commands when `--service-role-key` is not given.
    var serviceRoleKeyVariable: String? { variable("SUPABASE_SERVICE_ROLE_KEY") }

    /// The URL's origin when its host is a loopback address.
    private static func loopbackURL(_ text: String) -> String? {
        guard let components = URLComponents(string: text), let host = components.host?.lowercased(),
            ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host) || host.hasPrefix("127.")
        else { return nil }
        return text.hasSuffix("/") ? String(text.dropLast()) : text
    }

    /// `--firebase-emulator-host`, else `FIREBASE_AUTH_EMULATOR_HOST` (Firebase only).
    var firebaseEmulatorHost: String? {
        switch backend {
        case .supabase: nil
        case .firebase: firebaseEmulatorHostFlag ?? variable("FIREBASE_AUTH_EMULATOR_HOST")
        }
    }

    /// `--firebase-api-key`, else `FIREBASE_API_KEY`, else, with an emulator host, a placeholder
    /// (the emulator accepts any key; the host alone used to be ignored).
    var firebaseAPIKey: String? {
        switch backend {
        case .supabase: nil
        case .firebase: firebaseAPIKeyFlag ?? variable("FIREBASE_API_KEY") ?? (firebaseEmulatorHost == nil ? nil : "fake-api-key")
        }
    }

    /// `--firebase-project`, else the emulator's default project when an emulator host is set.
    var firebaseProject: String? {
        firebaseProjectFlag ?? (firebaseEmulatorHost == nil ? nil : Self.emulatorDefaultProject)
    }

    /// `--firebase-admin-token`, else `owner` when an emulator host is set (as the Admin SDKs do).
    var firebaseAdminToken: String? {
        firebaseAdminTokenFlag ?? (firebaseEmulatorHost == nil ? nil : "owner")
    }

    /// Whether a remote backend is used.
    var isRemote: Bool {
        switch backend {
        case .supabase: supabaseURL != nil
        case .firebase: firebaseAPIKey != nil
        }
    }

    /// The state directory: `--state-dir`, else `LOGIN_STATE_DIR`, else `$XDG_STATE_HOME/login`,
    /// else `~/.local/state/login`, where `~` is `$HOME` (as a shell reads it), else the account's
    /// home directory.
    var stateDirectory: URL {
        if let path = stateDir ?? variable("LOGIN_STATE_DIR") {
            return URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
        }
        if let xdg = variable("XDG_STATE_HOME") { return URL(fileURLWithPath: xdg).appendingPathComponent("login") }
        let home = variable("HOME").map { URL(fileURLWithPath: $0) } ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(".local/state/login")
    }

    /// The options to repeat in a hint so that the suggested command reaches the same backend
    /// and state directory (flags as given; what came from the environment comes again).
    var repeatedArguments: [String] {
        var arguments: [String] = []
        if let backendFlag { arguments += ["--backend", backendFlag.rawValue] }
        if let stateDir { arguments += ["--state-dir", Self.quoted(stateDir)] }
        let remote: [(String, String?)] = [
            ("--supabase-url", supabaseURLFlag), ("--supabase-key", supabaseKeyFlag), ("--firebase-api-key", firebaseAPIKeyFlag),
            ("--firebase-emulator-host", firebaseEmulatorHostFlag), ("--firebase-project", firebaseProjectFlag), ("--idp-url", idpURLFlag),
        ]
        guard !viaServe else { return arguments }
        for (flag, value) in remote { if let value { arguments += [flag, Self.quoted(value)] } }
        return arguments
    }

    private static func quoted(_ value: String) -> String {
        value.allSatisfy { $0.isLetter || $0.isNumber || "/._-+@:=,".contains($0) }
            ? value
            : "'" + value.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
