import AuthData
import AuthDomain
import AuthEmulator
import AuthPresentation
import Foundation

/// What `login serve` prints at startup: where each service is and the keys and ids to use.
struct ServeBanner {
    let configuration: EmulatorConfiguration

    /// The running emulator (its keys, anon key and service-role key).
    let emulator: Emulator

    var text: String {
        let base = configuration.baseURL
        let keys = emulator.services.keys
        let lines: [(String, String)] = [
            ("Supabase URL", "\(base)   (Auth API at \(base)/auth/v1)"),
            ("Supabase anon key", emulator.anonKey),
            ("Supabase settings", configuration.supabase.summary),
            ("Supabase service key", "\(Secret(emulator.serviceRoleKey).redacted)   (whole in \(configuration.stateDirectory?.appendingPathComponent("service_role.key").path ?? "memory"))"),
            ("Firebase", "FIREBASE_AUTH_EMULATOR_HOST=\(base.dropFirst("http://".count)), project \(configuration.firebaseProjects.joined(separator: ", ")), API key: any non-empty value"),
        ] + configuration.clientIDs.sorted { $0.key.rawValue < $1.key.rawValue }.map {
            ("\(AuthErrorMessages.name(of: $0.key)) client ids", $0.value.joined(separator: ", "))
        } + [
            ("Apple team id", keys.teamID),
            ("Apple key id", keys.developerKeyID),
            ("Apple .p8 key", emulator.developerKeyPath ?? "(not kept: no state directory)"),
            ("Identity providers", "\(base)/appleid/auth/keys, \(base)/google/oauth2/v3/certs   (use --idp-url \(base))"),
            ("Mailbox", "\(base)/mailbox/{email}"),
            ("Console", "\(base)/console   (\(configuration.console == .loopbackOnly ? "this machine only; --console lets other hosts in with the service-role key" : "other hosts: the service-role key as the password"))"),
            ("State", configuration.ephemeral ? "ephemeral (nothing kept)" : configuration.stateDirectory?.path ?? "memory"),
        ]
        let width = lines.map(\.0.count).max() ?? 0
        return "AuthCoordinator emulator listening on \(base)\n"
            + lines.map { "  " + $0.0.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.1 }.joined(separator: "\n") + "\n"
    }
}
