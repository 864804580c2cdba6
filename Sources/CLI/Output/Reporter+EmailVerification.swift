import AuthDomain
import AuthJWT

/// What `login password verify-email` prints.
extension Reporter {
    /// A `VERIFY_EMAIL` code was mailed to the signed-in user.
    /// - Parameters:
    ///   - challenge: Where and when.
    ///   - backend: The backend's name.
    func verificationSent(_ challenge: EmailCodeChallenge, backend: String) {
        emit(
            event: "verificationSent", headline: "A verification code was mailed to \(challenge.email).",
            fields: ["backend": .string(backend), "email": .string(challenge.email)],
            lines: [("read it", "login mailbox --email \(challenge.email)"), ("then", "login password verify-email --code CODE")])
    }

    /// A mailed code was applied.
    /// - Parameters:
    ///   - email: The account's address now (the new one after an address change), when known.
    ///   - backend: The backend's name.
    func emailVerified(_ email: String?, backend: String) {
        emit(
            event: "emailVerified", headline: "The address \(email ?? "of the account") is verified.",
            fields: ["backend": .string(backend), "email": email.map(JSONValue.string) ?? .null], lines: [])
    }
}
