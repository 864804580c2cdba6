import AuthData
import AuthJWT
import Foundation

/// Email + password accounts: `POST /signup` with a password and
/// `POST /token?grant_type=password` (GoTrue internal/api/signup.go, token.go). bcrypt runs
/// outside the storage step, and a password is never logged, stored or echoed: only its hash is
/// kept, in `users.encrypted_password`.
extension SupabaseEngine {
    /// The email + password branch of `POST /signup`, after the password policy.
    func signUpWithPassword(
        email rawEmail: String, password: String, data: JSONObject, referrers: [String?] = [], pkce: SupabaseCodeChallenge? = nil
    ) async throws(SupabaseFailure) -> SupabaseSignUpAnswer {
        let email = try normalizedEmail(rawEmail)
        try checkMetadataSize(data)
        let hash = try await hashPassword(password)
        let outcome = try await step { (store: SupabaseStore, rows: any SimulationRows) throws(SupabaseFailure) in
            let outcome = try store.signUp(email: email, encryptedPassword: hash, data: data, now: clock.now())
            if case .confirmationSent(_, let mail?) = outcome {
                try deliver(store.outgoing(mail, to: email, pkce: pkce, now: clock.now()), to: email, in: rows, referrers: referrers)
            }
            return outcome
        }
        switch outcome {
        case .session(let issued): return .session(try sessionPayload(issued))
        case .confirmationSent(let user, _): return .user(user.payload)
        case .alreadyConfirmed: return .user(obfuscatedUser(email: email, data: data))
        }
    }

    /// `POST /token?grant_type=password` with an email: 400 `invalid_credentials` for an unknown
    /// address, a user without a password or a wrong password; `user_banned`; then
    /// `email_not_confirmed` (only after the password matched, as GoTrue orders it).
    package func grantPassword(
        email: String?, phone: String?, password: String?, client: String = inProcessClient
    ) async throws(SupabaseFailure) -> SupabaseSessionPayload {
        try limit(\.token, "token", client: client)
        let email = email ?? ""
        let phone = phone ?? ""
        guard email.isEmpty || phone.isEmpty else {
            throw .validation("Only an email address or phone number should be provided on login.")
        }
        guard phone.isEmpty else { throw .api(status: 422, code: "phone_provider_disabled", message: "Phone logins are disabled") }
        guard !email.isEmpty else { throw .validation("missing email or phone") }
        guard configuration.settings.emailEnabled else { throw .emailLoginsDisabled(status: 422) }
        guard let address = try? EmailAddress.normalized(email),
            let candidate = try inspect({ (store: SupabaseStore) throws(SupabaseFailure) in
                store.passwordCandidate(email: address, now: clock.now())
            }),
            let hash = candidate.encryptedPassword
        else { throw .invalidCredentials }
        guard !candidate.banned else { throw .loginUserBanned }
        let bytes = Array((password ?? "").utf8)
        guard bytes.count <= Bcrypt.maximumPasswordBytes, await hashing.verify(bytes, against: hash) else {
            throw .invalidCredentials
        }
        guard candidate.confirmed else { throw .emailNotConfirmed }
        return try await sessionPayload(
            try mutate { (store: SupabaseStore) throws(SupabaseFailure) in
                try store.signIn(userID: candidate.userID, checkedHash: hash, now: clock.now())
            })
    }

    /// GoTrue's `crypto.GenerateFromPassword`: bcrypt at the configured cost, on ``hashing``.
    func hashPassword(_ password: String) async throws(SupabaseFailure) -> String {
        do {
            return try await hashing.hash(Array(password.utf8), cost: configuration.passwordHashCost)
        } catch {
            throw .validation("Password cannot be longer than \(SupabasePasswordPolicy.maximumBytes) characters")
        }
    }

    /// GoTrue's `sanitizeUser`: a user that reveals nothing about the existing account (a new
    /// random id, no confirmation, the request's metadata), so that a sign-up cannot tell whether
    /// an address is registered.
    private func obfuscatedUser(email: String, data: JSONObject) -> SupabaseUserPayload {
        let now = clock.now()
        let record = SupabaseUserRecord(
            id: RandomIdentifiers.uuid(), email: email, userMetadata: data, identities: [], createdAt: now, updatedAt: now,
            isAnonymous: false, confirmationSentAt: now,
            customAppMetadata: ["provider": .string("email"), "providers": .array([.string("email")])])
        var payload = record.payload
        payload.role = ""
        return payload
    }

    /// `POST /invite` as the service role (GoTrue internal/api/invite.go): the user (created
    /// without a password) and a mailed invite whose code or link (type `invite`) confirms the
    /// address and signs in; the password is then set with `PUT /user`.
    /// - Returns: The invited user.
    package func invite(
        bearer: String?, email rawEmail: String?, data: JSONObject?, referrers: [String?] = []
    ) async throws(SupabaseFailure) -> SupabaseUserRecord {
        try requireAdmin(bearer)
        let email = try normalizedEmail(rawEmail)
        try checkMetadataSize(data)
        return try await step { (store: SupabaseStore, rows: any SimulationRows) throws(SupabaseFailure) in
            let (user, mail) = try store.invite(email: email, data: data ?? [:], now: clock.now())
            try deliver(mail, to: email, in: rows, referrers: referrers)
            return user
        }
    }

    /// `POST /recover` (GoTrue internal/api/recover.go): `{}` whether or not the address is known;
    /// a known one is mailed a recovery code and its link (type `recovery`), which `/verify` turns
    /// into a session in which `PUT /user` sets the new password.
    package func recover(
        email rawEmail: String?, referrers: [String?] = [], pkce: SupabaseCodeChallenge? = nil, client: String = inProcessClient
    ) async throws(SupabaseFailure) {
        try limit(\.otp, "recover", client: client)
        // GoTrue api/api.go puts requireEmailProvider before /recover.
        guard configuration.settings.emailEnabled else { throw .emailLoginsDisabled(status: 400) }
        guard let rawEmail, !rawEmail.isEmpty else { throw .validation("Password recovery requires an email") }
        let email = try normalizedEmail(rawEmail)
        try await step { (store: SupabaseStore, rows: any SimulationRows) throws(SupabaseFailure) in
            if let mail = try store.requestRecovery(email: email, now: clock.now()) {
                try deliver(store.outgoing(mail, to: email, pkce: pkce, now: clock.now()), to: email, in: rows, referrers: referrers)
            }
        }
    }
}
