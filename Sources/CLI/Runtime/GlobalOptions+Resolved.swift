import Foundation

/// What the global options resolve to once the environment is read: a flag wins over its
/// variable, and a backend's variables apply only to that backend (`SUPABASE_URL` exported does
/// not turn `--backend firebase` remote).
extension GlobalOptions {
    /// The environment variables `login` reads, with what each sets (for `--help`).
    static let environmentVariables: [(name: String, meaning: String)] = [
        ("SUPABASE_URL", "--supabase-url"), ("SUPABASE_ANON_KEY", "--supabase-key"),
        ("FIREBASE_AUTH_EMULATOR_HOST", "--firebase-emulator-host"), ("FIREBASE_API_KEY", "--firebase-api-key"),
        ("LOGIN_STATE_DIR", "--state-dir"),
    ]

    /// The Firebase project the emulator serves unless told otherwise (`login serve`'s default).
    static let emulatorDefaultProject = "demo-authcoordinator"

    private var environment: [String: String] { ProcessInfo.processInfo.environment }

    private func variable(_ name: String) -> String? {
        environment[name].flatMap { $0.isEmpty ? nil : $0 }
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
        guard backend == .supabase else { return nil }
        return supabaseURLFlag ?? variable("SUPABASE_URL")
    }

    /// `--supabase-key`, else `SUPABASE_ANON_KEY`.
    var supabaseKey: String? {
        guard backend == .supabase else { return nil }
        return supabaseKeyFlag ?? variable("SUPABASE_ANON_KEY")
    }

    /// `--firebase-emulator-host`, else `FIREBASE_AUTH_EMULATOR_HOST` (Firebase only).
    var firebaseEmulatorHost: String? {
        guard backend == .firebase else { return nil }
        return firebaseEmulatorHostFlag ?? variable("FIREBASE_AUTH_EMULATOR_HOST")
    }

    /// `--firebase-api-key`, else `FIREBASE_API_KEY`, else, with an emulator host, a placeholder
    /// (the emulator accepts any key; the host alone used to be ignored).
    var firebaseAPIKey: String? {
        guard backend == .firebase else { return nil }
        return firebaseAPIKeyFlag ?? variable("FIREBASE_API_KEY") ?? (firebaseEmulatorHost == nil ? nil : "fake-api-key")
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
    var isRemote: Bool { supabaseURL != nil || firebaseAPIKey != nil }

    /// The state directory: `--state-dir`, else `LOGIN_STATE_DIR`, else `$XDG_STATE_HOME/login`,
    /// else `~/.local/state/login`.
    var stateDirectory: URL {
        if let path = stateDir ?? variable("LOGIN_STATE_DIR") {
            return URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
        }
        if let xdg = variable("XDG_STATE_HOME") { return URL(fileURLWithPath: xdg).appendingPathComponent("login") }
        return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/state/login")
    }

    /// The options to repeat in a hint so that the suggested command reaches the same backend
    /// and state directory (flags as given; what came from the environment comes again).
    var repeatedArguments: [String] {
        var arguments: [String] = []
        if let backendFlag { arguments += ["--backend", backendFlag.rawValue] }
        if let stateDir { arguments += ["--state-dir", Self.quoted(stateDir)] }
        let remote: [(String, String?)] = [
            ("--supabase-url", supabaseURLFlag), ("--supabase-key", supabaseKeyFlag), ("--firebase-api-key", firebaseAPIKeyFlag),
            ("--firebase-emulator-host", firebaseEmulatorHostFlag), ("--firebase-project", firebaseProjectFlag), ("--idp-url", idpURL),
        ]
        for (flag, value) in remote { if let value { arguments += [flag, Self.quoted(value)] } }
        return arguments
    }

    private static func quoted(_ value: String) -> String {
        value.allSatisfy { $0.isLetter || $0.isNumber || "/._-+@:=,".contains($0) } ? value
            : "'" + value.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
