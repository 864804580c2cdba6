import AuthData
import Foundation

/// Emailed links in the PKCE flow (GoTrue `api/pkce.go`, `api/magic_link.go`, `api/signup.go`,
/// `api/recover.go`, `api/resend.go`, `api/verify.go` `verifyGet`): a request with a
/// `code_challenge` makes a flow state for the user and mails a `pkce_` token hash; the link
/// then hands `redirect_to` an auth code instead of a session, and `grant_type=pkce` with the
/// verifier makes the session.
extension SupabaseStore {
    /// The prefix of a PKCE link's token hash (GoTrue `PKCEPrefix`).
    static let pkcePrefix = "pkce_"

    /// Turns a mail into a PKCE one: a flow state for the addressee (`generateFlowState`, with
    /// the auth code made now) and the stored and mailed token hash prefixed with `pkce_`
    /// (`addFlowPrefixToToken`).
    /// - Parameters:
    ///   - mail: The code just made for `email`.
    ///   - email: The addressee.
    ///   - challenge: The request's challenge.
    ///   - now: The time.
    /// - Returns: The mail with the prefixed token hash.
    func startEmailFlow(_ mail: Mail, email: String, challenge: SupabaseCodeChallenge, now: Date) -> Mail {
        guard let userID = rows.userID(email: email), var user = rows.user(userID), var otp = user.otp else { return mail }
        let method = Self.authenticationMethod(kind: mail.kind)
        insertFlowState(
            SupabaseFlowStateRecord(
                id: RandomIdentifiers.uuid(), provider: method == "email/signup" ? "email" : method, codeChallenge: challenge.challenge,
                codeChallengeMethod: challenge.method, authCode: RandomIdentifiers.uuid(), referrer: "", createdAt: now,
                userID: userID, authenticationMethod: method), now: now)
        otp.tokenHash = Self.pkcePrefix + mail.tokenHash
        user.otp = otp
        rows.save(user)
        var prefixed = mail
        prefixed.tokenHash = otp.tokenHash
        return prefixed
    }

    /// `mail` as it goes out: ``startEmailFlow(_:email:challenge:now:)`` with a challenge, as it is without.
    func outgoing(_ mail: Mail, to email: String, pkce: SupabaseCodeChallenge?, now: Date) -> Mail {
        pkce.map { startEmailFlow(mail, email: email, challenge: $0, now: now) } ?? mail
    }

    /// The flow state's `authentication_method` for a mail of `kind`.
    static func authenticationMethod(kind: String) -> String {
        switch kind {
        case "confirmation": "email/signup"
        case "invite", "recovery": kind
        default: "magiclink"
        }
    }

    /// The `authentication_method` a link's `type` names (GoTrue `models.ParseAuthenticationMethod`).
    /// - Throws: GoTrue's 500 for a type that names none (`email`).
    static func authenticationMethod(linkType type: String) throws(SupabaseFailure) -> String {
        switch type {
        case "signup": return "email/signup"
        case "magiclink", "recovery", "invite", "email_change": return type
        default:
            throw .api(
                status: 500, code: "unexpected_failure", message: "Unexpected failure, please check server logs for more information")
        }
    }

    /// `GET /verify` with a `pkce_` token: the code spent and the address confirmed as for any
    /// link, then the auth code of the user's newest flow state of that method, its time started.
    /// - Parameters:
    ///   - hash: The link's `token`.
    ///   - type: The link's `type`.
    ///   - now: The time.
    /// - Returns: The auth code for `redirect_to`.
    /// - Throws: The link's errors (403 `otp_expired`), or 400 `flow_state_not_found` when the
    ///   user has no such flow state (`issueAuthCode`).
    func authCode(forLink hash: String, type: String, now: Date) throws(SupabaseFailure) -> String {
        let method = try Self.authenticationMethod(linkType: type)
        let (userID, _) = try spendTokenHash(hash, type: type, now: now)
        guard var record = rows.flowState(userID: userID, authenticationMethod: method), record.codeChallenge != nil,
            let authCode = record.authCode
        else {
            throw .api(
                status: 400, code: "flow_state_not_found", message: "No associated flow state found. No valid flow state found for user.")
        }
        record.authCodeIssuedAt = now
        rows.save(record)
        return authCode
    }
}
