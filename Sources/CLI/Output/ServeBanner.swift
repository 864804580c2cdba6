import AuthData
import AuthDomain
import AuthEmulator
import AuthJWT
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
        let consoleAccess =
            configuration.console == .loopbackOnly
            ? "this machine only; --console lets other hosts in with the service-role key"
            : "other hosts: the service-role key as the password"
        let lines: [(String, String)] =
            [
                ("Supabase URL", "\(base)   (Auth API at \(base)/auth/v1)"),
                ("Supabase anon key", emulator.anonKey),
                ("Supabase settings", configuration.supabase.summary),
                (
                    "Supabase service key",
                    """
                    \(Secret(emulator.serviceRoleKey).redacted)   (whole in\
                     \(configuration.stateDirectory?.appendingPathComponent("service_role.key").path ?? "memory"))
                    """
                ),
                (
                    "Firebase",
                    """
                    FIREBASE_AUTH_EMULATOR_HOST=\(base.dropFirst("http://".count)), project\
                     \(configuration.firebaseProjects.joined(separator: ", ")), API key: any non-empty value
                    """
                ),
            ]
            + configuration.clientIDs.sorted { $0.key.rawValue < $1.key.rawValue }.map {
                ("\(AuthErrorMessages.name(of: $0.key)) client ids", $0.value.joined(separator: ", "))
            } + [
                ("Apple team id", keys.teamID),
                ("Apple key id", keys.developerKeyID),
                ("Apple .p8 key", emulator.developerKeyPath ?? "(not kept: no state directory)"),
                ("Identity providers", "\(base)/appleid/auth/keys, \(base)/google/oauth2/v3/certs   (use --idp-url \(base))"),
                ("Mailbox", "\(base)/mailbox/{email}"),
                ("Console", "\(base)/console   (\(consoleAccess))"),
                ("State", configuration.ephemeral ? "ephemeral (nothing kept)" : configuration.stateDirectory?.path ?? "memory"),
            ]
        return "AuthCoordinator emulator listening on \(base)\n" + TerminalText.columns(lines).joined(separator: "\n") + "\n"
    }

    /// The same, as one JSON object (`serve --json`).
    var json: JSONObject {
        let base = configuration.baseURL
        let keys = emulator.services.keys
        var clientIDs = JSONObject()
        for (provider, ids) in configuration.clientIDs.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            clientIDs[provider.rawValue] = .array(ids.map(JSONValue.string))
        }
        return [
            "event": .string("serving"), "url": .string(base),
            "supabase": .object([
                "url": .string(base), "anonKey": .string(emulator.anonKey),
                "serviceRoleKeyFile": configuration.stateDirectory.map { .string($0.appendingPathComponent("service_role.key").path) }
                    ?? .null,
            ]),
            "firebase": .object([
                "emulatorHost": .string(String(base.dropFirst("http://".count))),
                "projects": .array(configuration.firebaseProjects.map(JSONValue.string)),
            ]),
            "clientIds": .object(clientIDs),
            "apple": .object([
                "teamId": .string(keys.teamID), "keyId": .string(keys.developerKeyID),
                "keyFile": emulator.developerKeyPath.map(JSONValue.string) ?? .null,
            ]),
            "idpURL": .string(base), "mailbox": .string(base + "/mailbox/{email}"),
            "stateDir": configuration.stateDirectory.map { .string($0.path) } ?? .null, "ephemeral": .bool(configuration.ephemeral),
        ]
    }

    /// The warning for a server other machines can reach, naming what is open on it; `nil` on
    /// loopback.
    /// - Parameter host: The bind address.
    /// - Returns: The warning.
    static func exposureWarning(host: String) -> String? {
        let lowered = host.lowercased()
        guard !(lowered == "localhost" || lowered == "::1" || lowered == "[::1]" || lowered.hasPrefix("127.")) else { return nil }
        return "serving on \(host), which other machines can reach. The emulator is open by design: anyone who reaches it can read "
            + "every mailbox (and so sign in as any address with a code), mint simulated Apple and Google ID tokens for any account, "
            + "and so take over every account on it; its anon key is printed to all. Bind 127.0.0.1 unless the network is yours alone."
    }
}
