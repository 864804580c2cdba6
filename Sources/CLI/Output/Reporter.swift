import AuthDomain
import AuthJWT
import AuthPresentation
import AuthSimulation
import Foundation

/// Prints what happened: a few human lines, or one JSON object on stdout with `--json`.
/// Tokens appear only as a redacted prefix.
struct Reporter {
    let json: Bool
    private let messages = AuthErrorMessages()

    func signedIn(_ result: AuthenticationResult, destination: Destination, backend: String) {
        let headline = "Signed in with \(AuthErrorMessages.name(of: result.credential.provider)) (\(result.isNewUser ? "new user" : "returning user"))."
        emit(event: "signedIn", headline: headline, fields: [
            "provider": .string(result.credential.provider.rawValue), "backend": .string(backend),
            "isNewUser": .bool(result.isNewUser), "destination": .string(destination.name),
            "user": userJSON(result.user), "session": sessionJSON(result.session),
        ], lines: userLines(result.user) + [("account", result.isNewUser ? "new" : "returning"), ("destination", destination.name)]
            + sessionLines(result.session))
    }

    func status(_ stored: StoredSession?, backend: String, now: Date) {
        guard let stored else {
            emit(event: "status", headline: "Signed out.", fields: ["backend": .string(backend), "signedIn": .bool(false)], lines: [])
            return
        }
        let expired = stored.session.expiresAt <= now
        emit(event: "status", headline: "Signed in\(stored.provider.map { " with \(AuthErrorMessages.name(of: $0))" } ?? "")\(expired ? " (access token expired; it refreshes on next use)" : "").",
             fields: [
                "backend": .string(backend), "signedIn": .bool(true), "provider": stored.provider.map { .string($0.rawValue) } ?? .null,
                "expired": .bool(expired), "user": userJSON(stored.user), "session": sessionJSON(stored.session),
             ], lines: userLines(stored.user) + sessionLines(stored.session))
    }

    func tokenRefreshed(_ session: AuthSession, user: AuthUser?, backend: String) {
        emit(event: "tokenRefreshed", headline: "Session refreshed.",
             fields: ["backend": .string(backend), "user": user.map(userJSON) ?? .null, "session": sessionJSON(session)],
             lines: sessionLines(session))
    }

    func signedOut(scope: SignOutScope, backend: String, wasSignedIn: Bool) {
        emit(event: "signedOut", headline: wasSignedIn ? "Signed out (\(scope.rawValue))." : "Already signed out.",
             fields: ["backend": .string(backend), "scope": .string(scope.rawValue), "wasSignedIn": .bool(wasSignedIn)], lines: [])
    }

    func linked(_ result: AuthenticationResult, backend: String) {
        emit(event: "userUpdated", headline: "Linked \(AuthErrorMessages.name(of: result.credential.provider)) to the account.",
             fields: ["provider": .string(result.credential.provider.rawValue), "backend": .string(backend),
                      "user": userJSON(result.user), "session": sessionJSON(result.session)],
             lines: userLines(result.user) + sessionLines(result.session))
    }

    func unlinked(_ provider: ProviderID, user: AuthUser, backend: String) {
        emit(event: "userUpdated", headline: "Unlinked \(AuthErrorMessages.name(of: provider)).",
             fields: ["provider": .string(provider.rawValue), "backend": .string(backend), "user": userJSON(user)], lines: userLines(user))
    }

    func deleted(userID: String, backend: String) {
        emit(event: "userDeleted", headline: "Account deleted; Apple tokens revoked where there were any.",
             fields: ["backend": .string(backend), "userId": .string(userID)], lines: [("user id", userID)])
    }

    /// One auth-state event, as `status --watch` prints it: a timestamped line, or one JSON
    /// object per line.
    func event(_ event: AuthStateEvent, backend: String, now: Date) {
        let time = ISO8601DateFormatter().string(from: now)
        var fields: JSONObject = ["event": .string(event.name), "at": .string(time), "backend": .string(backend)]
        var detail = ""
        switch event {
        case .initialSession(let initial):
            fields["signedIn"] = .bool(initial != nil)
            if let initial {
                fields["expired"] = .bool(initial.isExpired)
                fields["user"] = userJSON(initial.stored.user)
                fields["session"] = sessionJSON(initial.stored.session)
                detail = "user \(initial.stored.user.id), expires \(ISO8601DateFormatter().string(from: initial.stored.session.expiresAt))"
                    + (initial.isExpired ? " (expired)" : "")
            } else {
                detail = "signed out"
            }
        case .signedIn(let stored):
            fields["user"] = userJSON(stored.user)
            fields["session"] = sessionJSON(stored.session)
            detail = "user \(stored.user.id)"
        case .tokenRefreshed(let session):
            fields["session"] = sessionJSON(session)
            detail = "expires \(ISO8601DateFormatter().string(from: session.expiresAt)), access token \(session.accessToken.redacted)"
        case .userUpdated(let user):
            fields["user"] = userJSON(user)
            detail = "user \(user.id)"
        case .signedOut(let reason):
            fields["reason"] = .string("\(reason)")
            detail = "\(reason)"
        case .userDeleted(let userID):
            fields["userId"] = .string(userID)
            detail = "user \(userID)"
        }
        let line = json ? fields.jsonString : "\(time)  \(event.name)  \(detail)"
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    func codeSent(_ challenge: EmailCodeChallenge, backend: String) {
        let kind = backend == "firebase" ? "A sign-in link" : "A one-time code"
        emit(event: "codeSent", headline: "\(kind) was sent to \(challenge.email).",
             fields: ["backend": .string(backend), "email": .string(challenge.email), "provider": .string(ProviderID.emailOTP.rawValue)],
             lines: [("read it", "login mailbox --email \(challenge.email)"),
                     ("then", "login otp --email \(challenge.email) --code CODE" + (backend == "firebase" ? " (the oobCode of the link)" : ""))])
    }

    func mailbox(_ messages: [MailMessage], email: String) {
        let formatter = ISO8601DateFormatter()
        if json {
            let list = messages.map { JSONValue.object(["code": .string($0.code), "sentAt": .string(formatter.string(from: $0.sentAt)), "sender": .string($0.sender)]) }
            print(JSONObject(dictionaryLiteral: ("messages", .array(list))).jsonString)
            return
        }
        print(messages.isEmpty ? "No messages for \(email)." : "\(messages.count) message\(messages.count == 1 ? "" : "s") for \(email), newest last:")
        for message in messages {
            print("  \(formatter.string(from: message.sentAt))  \(message.sender)  code \(message.code)")
        }
    }

    func cancelled() {
        if json {
            print(JSONObject(dictionaryLiteral: ("error", .object(["code": .string("cancelled"), "message": .string("Sign-in cancelled.")]))).jsonString)
        } else {
            print("Sign-in cancelled.")
        }
    }

    /// Reports a failure and returns the exit to end with.
    func report(_ authError: AuthError) -> CLIExit {
        if authError == .cancelled {
            cancelled()
            return .cancelled
        }
        var message = messages.message(for: authError) ?? "Authentication failed, please try again"
        if case .invalidInput(let reason) = authError { message = reason.prefix(1).uppercased() + reason.dropFirst() }
        let detail = authError.description
        return fail(code: Self.code(of: authError), message: message + (message == detail ? "" : " (\(detail))"), exit: Self.exit(for: authError))
    }

    /// Prints an error and returns the exit to end with.
    func fail(code: String, message: String, exit: CLIExit) -> CLIExit {
        if json {
            print(JSONObject(dictionaryLiteral: ("error", .object(["code": .string(code), "message": .string(message)]))).jsonString)
        } else {
            FileHandle.standardError.write(Data("error: \(message)\n".utf8))
        }
        return exit
    }

    static func exit(for error: AuthError) -> CLIExit {
        switch error {
        case .cancelled: .cancelled
        case .invalidEmail, .invalidInput: .usage
        case .network: .unreachable
        case .backend(let backend) where backend.isServerFailure: .unreachable
        default: .authenticationFailed
        }
    }

    static func code(of error: AuthError) -> String {
        switch error {
        case .cancelled: "cancelled"
        case .invalidCredential: "invalid_credential"
        case .missingIdentityToken: "missing_identity_token"
        case .invalidIdentityToken: "invalid_identity_token"
        case .missingNonce: "missing_nonce"
        case .nonceMismatch: "nonce_mismatch"
        case .authorizationFailed: "authorization_failed"
        case .notHandled: "not_handled"
        case .providerUnavailable: "provider_unavailable"
        case .noStrategyRegistered: "no_strategy"
        case .network: "network"
        case .accountDisabled: "account_disabled"
        case .accountExistsWithDifferentCredential: "account_exists_with_different_credential"
        case .credentialAlreadyInUse(let backend, _): backend.code.rawValue
        case .rateLimited: "rate_limited"
        case .lastSignInMethod: "last_sign_in_method"
        case .codeExpired: "code_expired"
        case .codeInvalid: "code_invalid"
        case .sessionExpired: "session_expired"
        case .notSignedIn: "not_signed_in"
        case .requiresRecentLogin: "requires_recent_login"
        case .termsNotAccepted: "terms_not_accepted"
        case .invalidEmail: "invalid_email"
        case .invalidInput: "invalid_input"
        case .storage: "storage"
        case .backend(let backend): backend.code.rawValue
        }
    }

    // MARK: - Rendering

    private func emit(event: String, headline: String, fields: JSONObject, lines: [(String, String)]) {
        if json {
            var object: JSONObject = ["event": .string(event)]
            for entry in fields { object[entry.key] = entry.value }
            print(object.jsonString)
            return
        }
        print(headline)
        let width = lines.map(\.0.count).max() ?? 0
        for (label, value) in lines {
            print("  " + label.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + value)
        }
    }

    private func userJSON(_ user: AuthUser) -> JSONValue {
        .object([
            "id": .string(user.id), "email": user.email.map(JSONValue.string) ?? .null, "isPrivateEmail": .bool(user.isPrivateRelayEmail),
            "displayName": user.displayName.map(JSONValue.string) ?? .null,
            "providers": .array(user.providers.map { .string($0.rawValue) }), "isAnonymous": .bool(user.isAnonymous),
        ])
    }

    private func sessionJSON(_ session: AuthSession) -> JSONValue {
        .object(["expiresAt": .string(ISO8601DateFormatter().string(from: session.expiresAt)), "accessToken": .string(session.accessToken.redacted)])
    }

    private func userLines(_ user: AuthUser) -> [(String, String)] {
        [
            ("user id", user.id),
            ("email", user.email.map { $0 + (user.isPrivateRelayEmail ? " (Hide My Email relay)" : "") } ?? "(none)"),
            ("name", user.displayName ?? "(unknown)"),
            ("providers", user.isAnonymous ? "anonymous guest" : user.providers.map(\.rawValue).joined(separator: ", ")),
        ]
    }

    private func sessionLines(_ session: AuthSession) -> [(String, String)] {
        [("expires", ISO8601DateFormatter().string(from: session.expiresAt)), ("access token", session.accessToken.redacted)]
    }
}
