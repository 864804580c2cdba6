/// How ``SupabaseAuthBackend`` tells an account's first sign-in from a returning one. GoTrue
/// has no `isNewUser`; the rule reads what its answers carry, flow by flow (the reasoning, with
/// GoTrue's source, is in Docs/Backends.md, "New or returning"):
///
/// - **Anonymous sign-up**: always new (`POST /signup` without email always creates a user).
/// - **ID token**: new when the answer has no `confirmed_at` and the account was confirmed (or,
///   without a confirmed email, created) in this request. GoTrue's `confirmed_at` is a
///   generated column a request only sees after reloading the user; the id_token grant reloads
///   a new user *before* confirming it and never after, while a returning user is read from the
///   database with it.
/// - **Browser (PKCE)**: new when the exchange comes within ``pkceExchangeWindow`` of the
///   account's `created_at` and the provider's identity was never updated after it was made
///   (a returning callback rewrites it).
/// - **Email code**: new when this request confirmed the email (`email_confirmed_at` within the
///   request's span of `last_sign_in_at`) and no magic-link code was sent after that
///   confirmation (a returning user's code is a recovery code: `recovery_sent_at` is later than
///   `email_confirmed_at`).
///
/// "Within this request" is ``sameRequest`` seconds: GoTrue stamps `created_at`,
/// `email_confirmed_at` and `last_sign_in_at` at different instants of one request, never the
/// same string, so equality would call every new user returning.
package enum SupabaseNewUserRule {
    /// Which call produced the answer.
    package enum Flow: Sendable {
        /// `grant_type=id_token`.
        case idToken
        /// `POST /verify` with an email code.
        case emailCode
        /// Anonymous `POST /signup`.
        case anonymous
        /// `grant_type=pkce` after a browser sign-in with `provider` (GoTrue's name): the
        /// callback made or found the user, the app's exchange signs it in.
        case pkce(provider: String)
    }

    /// How soon after the callback an app exchanges its code: at once (the browser's redirect,
    /// then one request). GoTrue allows up to the flow state's 300 s; an exchange later than this
    /// reads as a returning user, and a returning sign-in this soon after the account was made
    /// reads as new.
    package static let pkceExchangeWindow = 30.0

    /// Two timestamps at most this many seconds apart were written by one request: GoTrue ends
    /// any request after `GOTRUE_API_MAX_REQUEST_DURATION` (10 s by default).
    package static let sameRequest = 10.0

    /// Whether the answer is the account's first sign-in.
    /// - Parameters:
    ///   - user: The user in the answer.
    ///   - flow: The call that answered.
    /// - Returns: Whether the account is new.
    package static func isNewUser(_ user: SupabaseUserPayload, flow: Flow) -> Bool {
        switch flow {
        case .anonymous:
            return true
        case .idToken:
            return user.confirmedAt == nil && startedInThisRequest(user)
        case .emailCode:
            guard let confirmed = user.emailConfirmedAt.flatMap(SupabaseTimestamp.seconds) else { return false }
            if let recovery = user.recoverySentAt.flatMap(SupabaseTimestamp.seconds), recovery > confirmed { return false }
            return startedInThisRequest(user)
        case .pkce(let provider):
            guard let lastSignIn = user.lastSignInAt.flatMap(SupabaseTimestamp.seconds),
                let created = SupabaseTimestamp.seconds(user.createdAt),
                lastSignIn - created <= pkceExchangeWindow
            else { return false }
            return identityUntouched(user, provider: provider)
        }
    }

    /// Whether the provider's identity was never written after it was made. A returning callback
    /// (api/external.go `AccountExists`) updates the identity (`tx.UpdateOnly`, which moves its
    /// `updated_at`); `tx.Create` of a new one stamps `created_at` and `updated_at` alike. An
    /// answer without the identity keeps the time window alone.
    private static func identityUntouched(_ user: SupabaseUserPayload, provider: String) -> Bool {
        guard let identity = user.identities.first(where: { $0.provider == provider }) else { return true }
        return identity.updatedAt == identity.createdAt
    }

    /// Whether `last_sign_in_at` is within one request of `email_confirmed_at` (or, for an
    /// account without a confirmed email, of `created_at`).
    private static func startedInThisRequest(_ user: SupabaseUserPayload) -> Bool {
        guard let lastSignIn = user.lastSignInAt.flatMap(SupabaseTimestamp.seconds),
            let start = SupabaseTimestamp.seconds(user.emailConfirmedAt ?? user.createdAt)
        else { return false }
        return abs(lastSignIn - start) <= sameRequest
    }
}
