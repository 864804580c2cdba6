import AuthData
import AuthDomain
import AuthEmulator
import Foundation

/// What `login serve` prints at startup: where each service is and the keys and ids to use.
struct ServeBanner {
    let configuration: EmulatorConfiguration

    /// The emulator, once built (the banner is printed from the server's start callback).
    static let shared = EmulatorSlot()

    func text(anonKey: String?) -> String {
        guard let emulator = Self.shared.emulator else { return "listening on \(configuration.baseURL)\n" }
        let base = configuration.baseURL
        let keys = emulator.services.keys
        let lines: [(String, String)] = [
            ("Supabase URL", "\(base)   (Auth API at \(base)/auth/v1)"),
            ("Supabase anon key", emulator.anonKey),
            ("Supabase service key", "\(Secret(emulator.serviceRoleKey).redacted)   (whole in \(configuration.stateDirectory?.appendingPathComponent("service_role.key").path ?? "memory"))"),
            ("Firebase", "FIREBASE_AUTH_EMULATOR_HOST=\(base.dropFirst("http://".count)), project \(configuration.firebaseProjects.joined(separator: ", ")), API key: any non-empty value"),
            ("Apple client ids", configuration.appleClientIDs.joined(separator: ", ")),
            ("Google client ids", configuration.googleClientIDs.joined(separator: ", ")),
            ("Apple team id", keys.teamID),
            ("Apple key id", keys.developerKeyID),
            ("Apple .p8 key", emulator.developerKeyPath ?? "(not kept: no state directory)"),
            ("Identity providers", "\(base)/appleid/auth/keys, \(base)/google/oauth2/v3/certs   (use --idp-url \(base))"),
            ("Mailbox", "\(base)/mailbox/{email}"),
            ("State", configuration.ephemeral ? "ephemeral (nothing kept)" : configuration.stateDirectory?.path ?? "memory"),
        ]
        let width = lines.map(\.0.count).max() ?? 0
        return "AuthCoordinator emulator listening on \(base)\n"
            + lines.map { "  " + $0.0.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.1 }.joined(separator: "\n") + "\n"
    }
}

/// Holds the built emulator for the banner, which the server prints from its own task.
final class EmulatorSlot: Sendable {
    private let slot = Locked<Emulator?>(nil)
    var emulator: Emulator? { slot.current }
    func set(_ emulator: Emulator) { slot.withLock { $0 = emulator } }
}
