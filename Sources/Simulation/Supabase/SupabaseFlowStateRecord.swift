import Foundation

/// A browser sign-in in progress (GoTrue's `auth.flow_state`, `models/flow_state.go`): made by
/// `/authorize`, completed by `/callback`, spent by `grant_type=pkce`.
package struct SupabaseFlowStateRecord: Codable, Sendable, Hashable {
    /// The row's UUID, which is also the `state` sent to the provider.
    package var id: String
    /// The provider's wire name (`apple`, `google`).
    package var provider: String
    /// The PKCE challenge; `nil` for the implicit flow.
    package var codeChallenge: String?
    /// `s256` or `plain`.
    package var codeChallengeMethod: String?
    /// The auth code handed to `redirect_to` (a UUID), PKCE only.
    package var authCode: String?
    /// Where the browser goes at the end (the checked `redirect_to`).
    package var referrer: String
    /// The user an identity is linked to (`/user/identities/authorize`).
    package var linkingTargetID: String?
    /// When `/authorize` made it; it expires `GOTRUE_EXTERNAL_FLOW_STATE_EXPIRY_DURATION` later.
    package var createdAt: Date
    /// Set by `/callback`: the session the code will hand over.
    package var issued: IssuedSession?
    /// When `/callback` handed out the auth code.
    package var authCodeIssuedAt: Date?

    /// The session `/callback` made, kept until the code is exchanged.
    package struct IssuedSession: Codable, Sendable, Hashable {
        package var userID: String
        package var sessionID: String
        package var refreshToken: String
        package var amrMethod: String
        package var amrTimestamp: Int64

        /// Creates a record with every field.
        package init(
            userID: String, sessionID: String, refreshToken: String, amrMethod: String, amrTimestamp: Int64
        ) {
            self.userID = userID
            self.sessionID = sessionID
            self.refreshToken = refreshToken
            self.amrMethod = amrMethod
            self.amrTimestamp = amrTimestamp
        }
    }

    /// Creates a record with every field.
    package init(
        id: String, provider: String, codeChallenge: String? = nil, codeChallengeMethod: String? = nil, authCode: String? = nil, referrer: String, linkingTargetID: String? = nil, createdAt: Date, issued: IssuedSession? = nil, authCodeIssuedAt: Date? = nil
    ) {
        self.id = id
        self.provider = provider
        self.codeChallenge = codeChallenge
        self.codeChallengeMethod = codeChallengeMethod
        self.authCode = authCode
        self.referrer = referrer
        self.linkingTargetID = linkingTargetID
        self.createdAt = createdAt
        self.issued = issued
        self.authCodeIssuedAt = authCodeIssuedAt
    }
}
