import AuthDomain
import AuthJWT
import AuthPresentation
import AuthSimulation
import Foundation

/// What the sign-in and session commands print.
extension Reporter {
    func signedIn(_ result: AuthenticationResult, destination: Destination, backend: String, notes: [String] = []) {
        let account = result.isNewUser ? "new user" : "returning user"
        let headline =
            result.user.isAnonymous
            ? "Signed in as a guest (\(account))."
            : "Signed in with \(AuthErrorMessages.name(of: result.credential.provider)) (\(account))."
        var fields: JSONObject = [
            "provider": .string(result.credential.provider.rawValue), "backend": .string(backend),
            "isNewUser": .bool(result.isNewUser), "destination": .string(destination.name),
            "user": userJSON(result.user), "session": sessionJSON(result.session),
        ]
        if !notes.isEmpty { fields["notes"] = .array(notes.map(JSONValue.string)) }
        emit(
            event: "signedIn", headline: headline, fields: fields,
            lines: userLines(result.user) + [("account", result.isNewUser ? "new" : "returning"), ("destination", destination.name)]
                + sessionLines(result.session))
        for note in notes { self.note(note) }
    }

    func status(_ stored: StoredSession?, backend: String, place: String, now: Date) {
        guard let stored else {
            emit(
                event: "status", headline: "Signed out.", fields: ["backend": .string(backend), "signedIn": .bool(false)],
                lines: [("backend", place)])
            return
        }
        let expired = stored.session.expiresAt <= now
        emit(
            event: "status",
            headline: Self.signedInHeadline(stored) + (expired ? " The access token has expired; it refreshes on next use." : ""),
            fields: [
                "backend": .string(backend), "signedIn": .bool(true),
                "provider": Self.currentProvider(stored).map { .string($0.rawValue) } ?? .null,
                "expired": .bool(expired), "user": userJSON(stored.user), "session": sessionJSON(stored.session),
            ], lines: [("backend", place)] + userLines(stored.user) + sessionLines(stored.session))
    }

    /// "Signed in with Apple." while the last sign-in's provider is still linked, "Signed in as a
    /// guest." for guests, "Signed in." otherwise (it was unlinked since).
    static func signedInHeadline(_ stored: StoredSession) -> String {
        if stored.user.isAnonymous { return "Signed in as a guest." }
        return currentProvider(stored).map { "Signed in with \(AuthErrorMessages.name(of: $0))." } ?? "Signed in."
    }

    /// The provider of the last sign-in, while the account still has it.
    static func currentProvider(_ stored: StoredSession) -> ProviderID? {
        guard let provider = stored.provider, stored.user.isAnonymous || stored.user.providers.contains(provider) else { return nil }
        return provider
    }

    func tokenRefreshed(_ session: AuthSession, user: AuthUser?, backend: String) {
        emit(
            event: "tokenRefreshed", headline: "Session refreshed.",
            fields: ["backend": .string(backend), "user": user.map(userJSON) ?? .null, "session": sessionJSON(session)],
            lines: sessionLines(session))
    }

    func sessionExpiredLocally(_ session: AuthSession, backend: String) {
        emit(
            event: "sessionExpired",
            headline: "The stored session now counts as expired: the next command (or status --watch) refreshes it.",
            fields: ["backend": .string(backend), "session": sessionJSON(session)], lines: sessionLines(session))
    }

    func signedOut(scope: SignOutScope, backend: String, wasSignedIn: Bool) {
        emit(
            event: "signedOut", headline: wasSignedIn ? "Signed out (\(scope.rawValue))." : "Already signed out.",
            fields: ["backend": .string(backend), "scope": .string(scope.rawValue), "wasSignedIn": .bool(wasSignedIn)], lines: [])
    }

    func linked(_ result: AuthenticationResult, backend: String) {
        emit(
            event: "userUpdated", headline: "Linked \(AuthErrorMessages.name(of: result.credential.provider)) to the account.",
            fields: [
                "provider": .string(result.credential.provider.rawValue), "backend": .string(backend),
                "user": userJSON(result.user), "session": sessionJSON(result.session),
            ],
            lines: userLines(result.user) + sessionLines(result.session))
    }

    func unlinked(_ provider: ProviderID, user: AuthUser, backend: String) {
        emit(
            event: "userUpdated", headline: "Unlinked \(AuthErrorMessages.name(of: provider)).",
            fields: ["provider": .string(provider.rawValue), "backend": .string(backend), "user": userJSON(user)], lines: userLines(user))
    }

    func deleted(userID: String, backend: String) {
        emit(
            event: "userDeleted", headline: "Account deleted; Apple tokens revoked where there were any.",
            fields: ["backend": .string(backend), "userId": .string(userID)], lines: [("user id", userID)])
    }

    /// The hint after a code was sent names the options in use, so that pasting it reaches the
    /// same backend and state directory.
    func codeSent(_ challenge: EmailCodeChallenge, backend: BackendChoice, repeating options: [String]) {
        let profile = backend.profile
        let tail = options.isEmpty ? "" : " " + options.joined(separator: " ")
        emit(
            event: "codeSent", headline: "\(profile.emailCodeSent) was sent to \(challenge.email).",
            fields: [
                "backend": .string(backend.rawValue), "email": .string(challenge.email),
                "provider": .string(ProviderID.emailCode.rawValue),
            ],
            lines: [
                ("read it", "login mailbox --email \(challenge.email)" + tail),
                ("then", "login otp --email \(challenge.email) --code CODE" + tail + profile.emailCodeNote),
            ])
    }

    func mailbox(_ messages: [MailMessage], email: String) {
        if json {
            let list = messages.map {
                JSONValue.object([
                    "code": .string($0.code), "sentAt": .string(RFC3339.formatSeconds($0.sentAt)), "sender": .string($0.sender),
                ])
            }
            write(JSONObject(dictionaryLiteral: ("messages", .array(list))).jsonString)
            return
        }
        var lines = [
            messages.isEmpty
                ? "No messages for \(email)." : "\(messages.count) message\(messages.count == 1 ? "" : "s") for \(email), newest last:"
        ]
        lines += messages.map { "  \(RFC3339.formatSeconds($0.sentAt))  \($0.sender)  code \($0.code)" }
        write(lines.map(TerminalText.escaped).joined(separator: "\n"))
    }
}
