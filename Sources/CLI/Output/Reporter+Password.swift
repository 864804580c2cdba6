import AuthDomain
import AuthJWT

extension Reporter {
    /// A sign-up waiting for its confirmation, or a password recovery, was mailed.
    /// - Parameters:
    ///   - challenge: Where and when.
    ///   - kind: Which mail.
    ///   - backend: The backend's name.
    func mailSent(_ challenge: EmailCodeChallenge, kind: EmailMessageKind, backend: String) {
        let headline =
            switch kind {
            case .signUpConfirmation: "The account waits for its confirmation, mailed to \(challenge.email)."
            case .emailChange: "A confirmation of the new address was mailed to \(challenge.email)."
            case .passwordRecovery: "A password-recovery code was mailed to \(challenge.email) (if it has an account)."
            }
        let next =
            switch kind {
            case .signUpConfirmation: "login otp --email \(challenge.email) --code CODE"
            case .emailChange: "open the link in the mail"
            case .passwordRecovery: "login password reset --email \(challenge.email) --code CODE --password-stdin"
            }
        emit(
            event: "mailSent", headline: headline,
            fields: ["backend": .string(backend), "email": .string(challenge.email), "kind": .string(kind.rawValue)],
            lines: [("read it", "login mailbox --email \(challenge.email)"), ("then", next)])
    }
}

extension Reporter {
    /// The password was changed.
    /// - Parameter user: The user now.
    func passwordChanged(_ user: AuthUser) {
        emit(
            event: "passwordChanged", headline: "The password of \(user.email ?? user.id) was changed.",
            fields: ["user": .string(user.id)], lines: [])
    }

    /// An address change was asked for.
    /// - Parameter change: The answer.
    func emailChange(_ change: EmailChange) {
        let headline =
            change.pendingEmail.map { "A confirmation was mailed; the address becomes \($0) once confirmed." }
            ?? "The address is now \(change.user.email ?? "none")."
        var fields: JSONObject = ["user": .string(change.user.id), "email": change.user.email.map(JSONValue.string) ?? .null]
        if let pending = change.pendingEmail { fields["pendingEmail"] = .string(pending) }
        emit(event: "emailChange", headline: headline, fields: fields, lines: [])
    }

    /// One address of a change was confirmed.
    /// - Parameter answer: Whether the other is still due, or the change.
    func emailChangeConfirmation(_ answer: EmailChangeConfirmation) {
        switch answer {
        case .otherAddressPending:
            emit(
                event: "emailChangeConfirmation", headline: "Confirmed; the code mailed to the other address is still due.",
                fields: ["pending": .bool(true)], lines: [])
        case .changed(let update):
            emit(
                event: "emailChangeConfirmation", headline: "The address is now \(update.user.email ?? "none").",
                fields: [
                    "pending": .bool(false), "user": .string(update.user.id),
                    "email": update.user.email.map(JSONValue.string) ?? .null,
                ],
                lines: [])
        }
    }
}
