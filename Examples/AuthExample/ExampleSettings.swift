import Foundation

/// What the example connects to: the project's values for production, and the settings switch
/// that points it at a `login serve` on the Mac instead (for the simulator).
///
/// Fill in the production values for your project (README: "Configure").
struct ExampleSettings: Equatable, Sendable {
    /// The production project (replace these with yours).
    static let supabaseURL = URL(string: "https://YOUR-PROJECT.supabase.co")!
    static let supabaseAnonKey = "YOUR-ANON-KEY"
    static let firebaseAPIKey = "YOUR-FIREBASE-WEB-API-KEY"
    /// The custom URL scheme registered in the target's URL Types and in the backend's redirect
    /// allow list; the browser sign-in returns to `<scheme>://login-callback`.
    static let callbackScheme = "com.example.authexample"
    /// The Keychain service the session is kept under.
    static let keychainService = "com.example.authexample"
    /// Your server's endpoint that revokes Sign in with Apple tokens with the team key (Apple
    /// TN3194); `nil` refuses to delete accounts that have Apple, as the package does without one.
    static let appleRevocationEndpoint: URL? = nil
    /// Where the terms are read.
    static let termsURL = URL(string: "https://example.com/terms")

    var backend: ExampleBackend
    /// Whether to use a `login serve` on the Mac instead of the production project.
    var usesLocalEmulator: Bool
    /// The emulator's address as the simulator sees the Mac (`login serve --port 9999`).
    var emulatorAddress: String
    /// The anon key `login serve` prints (Supabase only).
    var emulatorAnonKey: String

    /// The address `login serve --port 9999` listens on: the simulator shares the Mac's loopback.
    static let defaultEmulatorAddress = "127.0.0.1:9999"

    /// The settings last saved, or the defaults.
    static func load(from defaults: UserDefaults) -> ExampleSettings {
        ExampleSettings(
            backend: defaults.string(forKey: "backend").flatMap(ExampleBackend.init(rawValue:)) ?? .supabase,
            usesLocalEmulator: defaults.bool(forKey: "usesLocalEmulator"),
            emulatorAddress: defaults.string(forKey: "emulatorAddress") ?? defaultEmulatorAddress,
            emulatorAnonKey: defaults.string(forKey: "emulatorAnonKey") ?? "")
    }

    /// Saves the settings.
    func save(to defaults: UserDefaults) {
        defaults.set(backend.rawValue, forKey: "backend")
        defaults.set(usesLocalEmulator, forKey: "usesLocalEmulator")
        defaults.set(emulatorAddress, forKey: "emulatorAddress")
        defaults.set(emulatorAnonKey, forKey: "emulatorAnonKey")
    }

    /// The emulator's base URL, or `nil` when the address makes none.
    var emulatorURL: URL? {
        URL(string: "http://\(emulatorAddress.trimmingCharacters(in: .whitespacesAndNewlines))")
    }
}
