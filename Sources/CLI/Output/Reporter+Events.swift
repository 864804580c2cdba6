import AuthDomain
import AuthJWT
import AuthSimulation
import Foundation

/// What `status --watch` prints: one line per auth-state event.
extension Reporter {
    /// One auth-state event: a timestamped line, or one JSON object per line.
    func event(_ event: AuthStateEvent, backend: String, now: Date) {
        let time = RFC3339.formatSeconds(now)
        var fields: JSONObject = ["event": .string(event.name), "at": .string(time), "backend": .string(backend)]
        var detail = ""
        switch event {
        case .initialSession(let initial):
            fields["signedIn"] = .bool(initial != nil)
            if let initial {
                fields["expired"] = .bool(initial.isExpired)
                fields["user"] = userJSON(initial.stored.user)
                fields["session"] = sessionJSON(initial.stored.session)
                detail =
                    "user \(initial.stored.user.id), expires \(RFC3339.formatSeconds(initial.stored.session.expiresAt))"
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
            detail = "expires \(RFC3339.formatSeconds(session.expiresAt)), access token \(session.accessToken.redacted)"
        case .userUpdated(let user):
            fields["user"] = userJSON(user)
            detail = "user \(user.id), providers \(Self.linkedProviders(user).map(\.rawValue).joined(separator: ", "))"
        case .signedOut(let reason):
            let (name, text) = Self.describe(reason)
            fields["reason"] = .string(name)
            fields["detail"] = .string(text)
            detail = text
        case .userDeleted(let userID):
            fields["userId"] = .string(userID)
            detail = "user \(userID)"
        }
        write(json ? fields.jsonString : "\(time)  \(event.name)  \(TerminalText.escaped(detail))")
    }

    /// A sign-out reason's name and words.
    static func describe(_ reason: SignOutReason) -> (String, String) {
        switch reason {
        case .userRequested: ("userRequested", "signed out")
        case .sessionEnded(let error): ("sessionEnded", "the session ended: \(error)")
        case .providerCredentialRevoked(.apple): ("appleCredentialRevoked", "Apple reports the app's authorization was revoked")
        case .providerCredentialRevoked(let provider):
            ("providerCredentialRevoked", "\(provider) reports the app's authorization was revoked")
        case .accountDeleted: ("accountDeleted", "the account was deleted")
        case .elsewhere: ("signedOutElsewhere", "signed out in another process (login logout there, or the session ended there)")
        }
    }
}
