/// What the console can do to a user, each a form POST to `/console/users/{service}/{id}/{name}`.
enum ConsoleAction: Sendable, Equatable {
    /// Delete the user.
    case delete
    /// Ban (Supabase: `banned_until` about a hundred years ahead) or disable (Firebase).
    case ban
    /// Lift the ban, or enable.
    case unban
    /// End every session: they are gone, as after a global sign-out.
    case endSessions
    /// Expire every session now: they stay, but no longer refresh.
    case expireSessions
    /// Revoke the user's authorization of an app at the simulated Apple: the next Apple sign-in
    /// to that app shows the first-time sheet.
    case revokeAppleAuthorization(clientID: String)
    /// Replace metadata, each given field whole, as JSON text (checked by the source): a Supabase
    /// user's `user_metadata` and `app_metadata`, a Firebase user's custom claims.
    case editMetadata(ConsoleMetadataEdit)
    /// Mail a recovery code and link to the user's email (Supabase `/recover`, Firebase
    /// `PASSWORD_RESET`).
    case sendRecovery
    /// Remove one of the user's passkeys (GoTrue's admin `DELETE /admin/users/{user_id}/passkeys/{passkey_id}`).
    case deletePasskey(id: String)

    /// Reads an action from its path segment and its form.
    /// - Parameters:
    ///   - name: The path segment.
    ///   - form: The form fields (`client_id` for `revoke-apple`, `passkey_id` for `delete-passkey`).
    /// - Returns: `nil` for an unknown action or a missing field.
    init?(name: String, form: [String: String]) {
        switch name {
        case "delete": self = .delete
        case "ban": self = .ban
        case "unban": self = .unban
        case "end-sessions": self = .endSessions
        case "expire-sessions": self = .expireSessions
        case "revoke-apple":
            guard let client = form["client_id"], !client.isEmpty else { return nil }
            self = .revokeAppleAuthorization(clientID: client)
        case "recover": self = .sendRecovery
        case "delete-passkey":
            guard let id = form["passkey_id"], !id.isEmpty, id.utf8.count <= 64 else { return nil }
            self = .deletePasskey(id: id)
        case "metadata":
            let edit = ConsoleMetadataEdit(form: form)
            guard !edit.isEmpty else { return nil }
            self = .editMetadata(edit)
        default: return nil
        }
    }

    /// The path segment.
    var name: String {
        switch self {
        case .delete: "delete"
        case .ban: "ban"
        case .unban: "unban"
        case .endSessions: "end-sessions"
        case .expireSessions: "expire-sessions"
        case .revokeAppleAuthorization: "revoke-apple"
        case .editMetadata: "metadata"
        case .sendRecovery: "recover"
        case .deletePasskey: "delete-passkey"
        }
    }

    /// What the page says once it is done, by the `done` value the redirect carries (a fixed
    /// table: nothing from the query is shown as it is).
    static let doneMessages: [String: String] = [
        "delete": "The user was deleted.",
        "ban": "The user is banned.",
        "unban": "The ban is lifted.",
        "end-sessions": "Every session of the user ended.",
        "expire-sessions": "Every session of the user expired.",
        "revoke-apple": "The Apple authorization is revoked: the next Apple sign-in to that app is a first one.",
        "reset": "Everything was reset: users, sessions and mail are gone; the keys are kept.",
        "metadata": "The metadata is saved: new tokens carry it (after a refresh or a new sign-in).",
        "create": "The user is created, with a confirmed email and no password.",
        "create-password": "The user is created, with a confirmed email and the password typed.",
        "recover": "A recovery mail is sent: the mailbox shows its code and link.",
        "delete-passkey": "The passkey is removed: a sign-in with it is refused.",
    ]
}
