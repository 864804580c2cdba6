import AuthData
import AuthJWT
import Foundation

/// Email codes and links: `POST /otp`, `POST` and `GET /verify`, `POST /resend`,
/// `GET /reauthenticate` (GoTrue's `api/magic_link.go`, `api/verify.go`, `api/resend.go`,
/// `api/reauthenticate.go`).
extension SupabaseEngine {
    /// `POST /otp` with an email: creates the user if allowed and mails a code and its link,
    /// whose `redirect_to` is the first allowed of `referrers` (``SupabaseRedirects/referrer(_:siteURL:allowList:)``).
    /// With `pkce`, the link is a PKCE one (``SupabaseStore/startEmailFlow(_:email:challenge:now:)``).
    package func sendOTP(
        email rawEmail: String?, createUser: Bool, data: JSONObject, referrers: [String?] = [], pkce: SupabaseCodeChallenge? = nil,
        client: String = inProcessClient
    ) async throws(SupabaseFailure) {
        try limit(\.otp, "otp", client: client)
        guard configuration.settings.emailEnabled else { throw .emailLoginsDisabled(status: 422) }
        let email = try normalizedEmail(rawEmail)
        try checkMetadataSize(data)
        let signupDisabled = configuration.settings.disableSignup
        try await step { (store: SupabaseStore, rows: any SimulationRows) throws(SupabaseFailure) in
            let mail = try store.requestOTP(
                email: email, createUser: createUser, signupDisabled: signupDisabled, data: data, now: clock.now())
            try deliver(store.outgoing(mail, to: email, pkce: pkce, now: clock.now()), to: email, in: rows, referrers: referrers)
        }
    }

    /// `POST /verify`: GoTrue's `Validate` order, then the code (`email` + `token`) or the
    /// emailed link's `token_hash`. Every refused code counts against the address's budget
    /// (``SupabaseRateLimits/wrongCodesPerAddress``), which a new code does not refill.
    /// Type `email_change` follows GoTrue's `emailChangeVerify`: the first of the two codes of a
    /// secure change answers GoTrue's message instead of a session.
    package func verify(
        _ request: SupabaseVerifyRequest, client: String = inProcessClient
    ) async throws(SupabaseFailure) -> SupabaseVerifyResponse {
        try limit(\.verify, "verify", client: client)
        guard let type = request.type, !type.isEmpty else { throw .validation("Verify requires a verification type") }
        let token = request.token ?? ""
        let hash = request.tokenHash ?? ""
        guard token.isEmpty != hash.isEmpty else { throw .validation("Verify requires either a token or a token hash") }
        let email = request.email ?? ""
        let phone = request.phone ?? ""
        guard token.isEmpty else { return try verifyCode(token, type: type, email: email, phone: phone) }
        guard email.isEmpty, phone.isEmpty, (request.redirectTo ?? "").isEmpty else {
            throw .validation("Only the token_hash and type should be provided")
        }
        if type == "email_change" { return try verifyEmailChange(hash: hash, failure: .linkExpired) }
        let issued = try await mutate { (store: SupabaseStore) throws(SupabaseFailure) in
            try store.verifyTokenHash(hash, type: type, now: clock.now()).0
        }
        return .session(try sessionPayload(issued))
    }

    private func verifyCode(
        _ token: String, type: String, email rawEmail: String, phone: String
    ) throws(SupabaseFailure) -> SupabaseVerifyResponse {
        if !phone.isEmpty, rawEmail.isEmpty {
            _ = try SupabasePhone.normalized(phone)
            throw .otpExpired
        }
        guard phone.isEmpty, !rawEmail.isEmpty else {
            throw .validation("Only an email address or phone number should be provided on verify")
        }
        guard let email = try? EmailAddress.normalized(rawEmail) else { throw .validation("Invalid email format", status: 422) }
        let guesses = configuration.settings.rateLimits.map { ($0.wrongCodesPerAddress, "codes|" + email) }
        if let (budget, key) = guesses, !limiter.withLock({ $0.allow(budget, key: key, now: clock.now(), consume: false) }) {
            throw .overRequestRateLimit
        }
        do {
            if type == "email_change" {
                return try verifyEmailChange(hash: SupabaseStore.hash(email: email, code: token), failure: .otpExpired)
            }
            let issued = try mutateBlocking { (store: SupabaseStore) throws(SupabaseFailure) in
                try store.verifyOTP(email: email, code: token, type: type, now: clock.now())
            }
            return .session(try sessionPayload(issued))
        } catch {
            if let (budget, key) = guesses { _ = limiter.withLock { $0.allow(budget, key: key, now: clock.now()) } }
            throw error
        }
    }

    /// `GET /verify?token=<hash>&type=…&redirect_to=…`, the link in the email: 303 to the
    /// redirect target with the session, or GoTrue's error, in the fragment. A `pkce_` token
    /// (a PKCE link) sends `?code=` instead, and its errors in the query too (`verifyGet`,
    /// `prepPKCERedirectURL`, `prepErrorRedirectURL`).
    /// - Returns: The `Location` to redirect to.
    /// - Throws: ``SupabaseFailure`` for what GoTrue answers as JSON (a missing type or token, a
    ///   rate limit, a PKCE link whose type names no authentication method).
    package func verifyLink(token: String?, type: String?, redirectTo: String?, client: String = inProcessClient)
        async throws(SupabaseFailure) -> String
    {
        try limit(\.verify, "verify", client: client)
        guard let type, !type.isEmpty else { throw .validation("Verify requires a verification type") }
        guard let token, !token.isEmpty else { throw .validation("Verify requires a token or a token hash") }
        let target = SupabaseRedirects.target(
            redirectTo, siteURL: configuration.settings.siteURL, allowList: configuration.settings.uriAllowList)
        let now = clock.now()
        if token.hasPrefix(SupabaseStore.pkcePrefix) {
            _ = try SupabaseStore.authenticationMethod(linkType: type)
            do {
                let code = try await mutate { (store: SupabaseStore) throws(SupabaseFailure) in
                    try store.authCode(forLink: token, type: type, now: now)
                }
                return Self.appending([("code", code)], to: target)
            } catch {
                return Self.withError(target, error)
            }
        }
        do {
            if type == "email_change" {
                switch try verifyEmailChange(hash: token, failure: .linkExpired) {
                case .session(let session): return target + "#" + SupabaseRedirects.fragment(session: session, type: type)
                case .confirmationAccepted(let message): return target + "#" + FormEncoding.encode([("message", message), ("sb", "")])
                }
            }
            let (issued, resolved) = try await mutate { (store: SupabaseStore) throws(SupabaseFailure) in
                try store.verifyTokenHash(token, type: type, now: now)
            }
            return target + "#" + SupabaseRedirects.fragment(session: try sessionPayload(issued), type: resolved)
        } catch {
            return target + "#" + SupabaseRedirects.fragment(error: error)
        }
    }

    /// `POST /resend`: GoTrue's checks in order; a new confirmation code for an unconfirmed
    /// address, `{}` otherwise (unknown addresses are not revealed).
    package func resend(
        type: String?, email rawEmail: String?, phone: String?, referrers: [String?] = [], pkce: SupabaseCodeChallenge? = nil,
        client: String = inProcessClient
    ) async throws(SupabaseFailure) {
        try limit(\.otp, "resend", client: client)
        let type = type ?? ""
        let email = rawEmail ?? ""
        let phone = phone ?? ""
        guard ["signup", "email_change", "sms", "phone_change"].contains(type) else {
            throw .validation("Missing one of these types: signup, email_change, sms, phone_change")
        }
        if email.isEmpty, type == "signup" { throw .validation("Type provided requires an email address") }
        if phone.isEmpty, type == "sms" { throw .validation("Type provided requires a phone number") }
        guard email.isEmpty || phone.isEmpty else { throw .validation("Only an email address or phone number should be provided.") }
        guard !phone.isEmpty || !email.isEmpty else { throw .validation("Missing email address or phone number") }
        guard phone.isEmpty else { throw .api(status: 400, code: "phone_provider_disabled", message: "Phone logins are disabled") }
        guard configuration.settings.emailEnabled else { throw .emailLoginsDisabled(status: 400) }
        let address = try normalizedEmail(email)
        if type == "email_change" { return try resendEmailChange(currentEmail: address, referrers: referrers) }
        guard type == "signup" else { return }
        try await step { (store: SupabaseStore, rows: any SimulationRows) throws(SupabaseFailure) in
            if let mail = try store.resendConfirmation(email: address, now: clock.now()) {
                try deliver(store.outgoing(mail, to: address, pkce: pkce, now: clock.now()), to: address, in: rows, referrers: referrers)
            }
        }
    }

    /// `/resend` type `email_change` (GoTrue internal/api/resend.go): the user is found by its
    /// current address; without a pending change the answer is `{}`; otherwise the change is mailed
    /// again with new codes (`sendEmailChange`), under the same one-mail-a-minute limit.
    private func resendEmailChange(currentEmail: String, referrers: [String?]) throws(SupabaseFailure) {
        try stepBlocking { (store: SupabaseStore, rows: any SimulationRows) throws(SupabaseFailure) in
            guard let userID = store.userID(forEmail: currentEmail),
                let pending = store.user(userID)?.emailChange?.newEmail, !pending.isEmpty
            else { return }
            for sent in try store.requestEmailChange(userID: userID, newEmail: pending, now: clock.now()) {
                try deliver(sent.mail, to: sent.address, in: rows, referrers: referrers)
            }
        }
    }

    /// `GET /reauthenticate`: mails a code to the signed-in user's confirmed email.
    package func reauthenticate(bearer: String?, client: String = inProcessClient) async throws(SupabaseFailure) {
        let caller = try await authenticate(bearer)
        try await step { (store: SupabaseStore, rows: any SimulationRows) throws(SupabaseFailure) in
            let (email, code) = try store.reauthenticate(userID: caller.userID, now: clock.now())
            try countEmailSent()
            mailbox.deliver(
                MailMessage(code: code, link: nil, kind: "reauthentication", sender: "supabase", sentAt: clock.now()), to: email, in: rows)
        }
    }

    /// Mails a code with the link GoTrue's templates carry (`{{ .ConfirmationURL }}`:
    /// `<auth>/verify?token=<token_hash>&type=…&redirect_to=<referrer>`, internal/api/mail.go and
    /// mailer/templatemailer), in the step that made it. The referrer is the request's
    /// `redirect_to`, else its `Referer`, when allowed; else the site URL (`utilities.GetReferrer`).
    func deliver(_ mail: SupabaseStore.Mail, to email: String, in rows: any SimulationRows, referrers: [String?] = [])
        throws(SupabaseFailure)
    {
        try countEmailSent()
        let settings = configuration.settings
        let referrer = SupabaseRedirects.referrer(referrers, siteURL: settings.siteURL, allowList: settings.uriAllowList)
        let link =
            configuration.issuer + "/verify?"
            + FormEncoding.encode([
                ("token", mail.tokenHash), ("type", mail.linkType), ("redirect_to", referrer),
            ])
        mailbox.deliver(
            MailMessage(code: mail.code, link: link, kind: mail.kind, sender: "supabase", sentAt: clock.now()), to: email, in: rows)
    }
}
