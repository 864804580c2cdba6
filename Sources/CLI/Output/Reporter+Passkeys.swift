import AuthDomain
import AuthJWT
import AuthSimulation
import Foundation

/// What `login passkey` prints (ids and names; keys never).
extension Reporter {
    /// A registered passkey.
    func passkeyRegistered(_ passkey: Passkey, backend: String) {
        emitPasskey("passkeyRegistered", "Passkey \(passkey.id) registered.", passkey, backend: backend)
    }

    /// A renamed passkey.
    func passkeyRenamed(_ passkey: Passkey, backend: String) {
        emitPasskey("passkeyRenamed", "Passkey \(passkey.id) renamed.", passkey, backend: backend)
    }

    /// The account's passkeys.
    func passkeys(_ passkeys: [Passkey], backend: String) {
        if json {
            write(
                JSONObject(
                    dictionaryLiteral: ("event", .string("passkeys")), ("backend", .string(backend)),
                    ("passkeys", .array(passkeys.map(Self.passkeyJSON)))
                ).jsonString)
            return
        }
        var lines = ["\(passkeys.count) passkey\(passkeys.count == 1 ? "" : "s") (\(backend)):"]
        for passkey in passkeys {
            let created = passkey.createdAt.map { RFC3339.formatSeconds($0) } ?? "-"
            lines.append("  \(passkey.id)  \(created)  \(passkey.friendlyName.isEmpty ? "-" : passkey.friendlyName)")
        }
        write(lines.map(TerminalText.escaped).joined(separator: "\n"))
    }

    private func emitPasskey(_ event: String, _ headline: String, _ passkey: Passkey, backend: String) {
        if json {
            write(
                JSONObject(
                    dictionaryLiteral: ("event", .string(event)), ("backend", .string(backend)),
                    ("passkey", Self.passkeyJSON(passkey))
                ).jsonString)
            return
        }
        emit(
            event: event, headline: headline, fields: [:],
            lines: [
                ("name", passkey.friendlyName.isEmpty ? "-" : passkey.friendlyName),
                ("created", passkey.createdAt.map { RFC3339.formatSeconds($0) } ?? "-"),
            ])
    }

    static func passkeyJSON(_ passkey: Passkey) -> JSONValue {
        .object([
            "id": .string(passkey.id), "friendlyName": .string(passkey.friendlyName),
            "createdAt": passkey.createdAt.map { .string(RFC3339.formatSeconds($0)) } ?? .null,
        ])
    }
}
