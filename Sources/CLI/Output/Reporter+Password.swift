import AuthDomain
import AuthJWT

extension Reporter {
    /// A sign-up waiting for its confirmation, or a password recovery, was mailed.
    /// - Parameters:
    ///   - challenge: Where and when.
    ///   - kind: Which mail.
    ///   - backend: The backend's name.
    func mailSent(_ challenge: EmailCodeChallenge, kind: EmailMessageKind, backend: String) {
        let headline = switch kind {
        case .signUpConfirmation: "The account waits for its confirmation, mailed to \(challenge.email)."
        case .emailChange: "A confirmation of the new address was mailed to \(challenge.email)."
        case .passwordRecovery: "A password-recovery code was mailed to \(challenge.email) (if it has an account)."
        }
        let next = switch kind {
        case .signUpConfirmation: "login otp --email \(challenge.email) --code CODE"
        case .emailChange: "open the link in the mail"
        case .passwordRecovery: "login password reset --email \(challenge.email) --code CODE --password-stdin"
        }
        emit(event: "mailSent", headline: headline,
             fields: ["backend": .string(backend), "email": .string(challenge.email), "kind": .string(kind.rawValue)],
             lines: [("read it", "login mailbox --email \(challenge.email)"), ("then", next)])
    }
}
