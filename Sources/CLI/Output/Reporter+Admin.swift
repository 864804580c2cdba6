import AuthDomain
import AuthJWT
import AuthSimulation
import Foundation

/// What `login users`, `login token` and `login reset` print.
extension Reporter {
    func users(_ users: [AdminUser], backend: String) {
        if json {
            write(
                JSONObject(
                    dictionaryLiteral: ("event", .string("users")), ("backend", .string(backend)), ("count", .int(Int64(users.count))),
                    ("users", .array(users.map(Self.userJSON)))
                ).jsonString)
            return
        }
        var lines = ["\(users.count) user\(users.count == 1 ? "" : "s") (\(backend)):"]
        for user in users {
            let who = user.isAnonymous ? "(guest)" : user.email ?? "(no email)"
            let state = user.isDisabled ? (user.bannedUntil.map { "  banned until \($0)" } ?? "  disabled") : ""
            let claims = user.claims.isEmpty ? "" : "  claims \(user.claims.jsonString)"
            lines.append("  \(user.id)  \(who)  \(user.providers.isEmpty ? "-" : user.providers.joined(separator: ","))\(state)\(claims)")
        }
        write(lines.map(TerminalText.escaped).joined(separator: "\n"))
    }

    func adminUser(_ user: AdminUser, event: String, headline: String, backend: String) {
        emit(
            event: event, headline: headline, fields: ["backend": .string(backend), "user": Self.userJSON(user)],
            lines: [
                ("user id", user.id),
                ("email", (user.email ?? "(none)") + (user.email != nil && !user.isEmailConfirmed ? " (unconfirmed)" : "")),
                ("name", user.name ?? "(unknown)"), ("phone", user.phone ?? "(none)"),
                ("providers", user.isAnonymous ? "none (a guest account)" : user.providers.joined(separator: ", ")),
                ("state", user.isDisabled ? (user.bannedUntil.map { "banned until \($0)" } ?? "disabled") : "active"),
                ("claims", user.claims.isEmpty ? "(none)" : user.claims.jsonString),
                ("created", user.createdAt ?? "(unknown)"), ("last sign-in", user.lastSignInAt ?? "(never)"),
            ])
    }

    func userDeleted(id: String, backend: String) {
        emit(
            event: "userDeleted", headline: "User \(id) deleted.", fields: ["backend": .string(backend), "userId": .string(id)], lines: [])
    }

    func reset(backend: String, where place: String) {
        emit(
            event: "reset", headline: "Forgot every user, session, authorization and message of \(place); the keys are kept.",
            fields: ["backend": .string(backend), "where": .string(place)], lines: [])
    }

    /// The whole token, alone on its line (or in `--json`), for `curl -H "Authorization: Bearer $(login token)"`.
    func token(_ token: Secret, kind: String, expiresAt: Date?) {
        if json {
            var object: JSONObject = ["event": .string("token"), "kind": .string(kind), "token": .string(token.revealed)]
            if let expiresAt { object["expiresAt"] = .string(RFC3339.formatSeconds(expiresAt)) }
            write(object.jsonString)
        } else {
            write(token.revealed)
        }
    }

    static func userJSON(_ user: AdminUser) -> JSONValue {
        .object([
            "id": .string(user.id), "email": user.email.map(JSONValue.string) ?? .null, "emailConfirmed": .bool(user.isEmailConfirmed),
            "displayName": user.name.map(JSONValue.string) ?? .null, "phone": user.phone.map(JSONValue.string) ?? .null,
            "providers": .array(user.providers.map(JSONValue.string)), "isAnonymous": .bool(user.isAnonymous),
            "disabled": .bool(user.isDisabled),
            "bannedUntil": user.bannedUntil.map(JSONValue.string) ?? .null, "claims": .object(user.claims),
            "createdAt": user.createdAt.map(JSONValue.string) ?? .null, "lastSignInAt": user.lastSignInAt.map(JSONValue.string) ?? .null,
        ])
    }
}
