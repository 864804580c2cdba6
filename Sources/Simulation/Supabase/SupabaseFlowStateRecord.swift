import Foundation

/// A PKCE sign-in in progress (GoTrue's `auth.flow_state`, `models/flow_state.go`): a browser
/// sign-in made by `/authorize` and completed by `/callback`, or an emailed link's made by `/otp`,
/// `/signup`, `/recover` or `/resend` with a `code_challenge` and completed by `GET /verify`;
/// spent by `grant_type=pkce`.
package struct SupabaseFlowStateRecord: Codable, Sendable, Hashable {
    /// The row's UUID, which is also the `state` sent to the provider.
    package var id: String
    /// GoTrue's `provider_type`: the provider's wire name (`apple`, `google`), or `email`,
    /// `magiclink`, `recovery`, `invite` for an emailed link.
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
    /// When `/callback` or `GET /verify` handed out the auth code.
    package var authCodeIssuedAt: Date?
    /// The user the code signs in (`user_id`): set when the flow starts for an emailed link, at
    /// `/callback` for a browser sign-in. The session is made when the code is exchanged.
    package var userID: String?
    /// GoTrue's `authentication_method`: `oauth`, `magiclink`, `email/signup`, `recovery`,
    /// `invite`, `email_change`; the session's `amr` method.
    package var authenticationMethod: String
    /// The provider's access token from `/callback` (`provider_access_token`), handed over with the session.
    package var providerAccessToken: String?
    /// The provider's refresh token from `/callback` (`provider_refresh_token`), when it gave one.
    package var providerRefreshToken: String?

    /// Creates a record with every field.
    package init(
        id: String, provider: String, codeChallenge: String? = nil, codeChallengeMethod: String? = nil, authCode: String? = nil,
        referrer: String, linkingTargetID: String? = nil, createdAt: Date, authCodeIssuedAt: Date? = nil,
        userID: String? = nil, authenticationMethod: String = "oauth", providerAccessToken: String? = nil,
        providerRefreshToken: String? = nil
    ) {
        self.id = id
        self.provider = provider
        self.codeChallenge = codeChallenge
        self.codeChallengeMethod = codeChallengeMethod
        self.authCode = authCode
        self.referrer = referrer
        self.linkingTargetID = linkingTargetID
        self.createdAt = createdAt
        self.authCodeIssuedAt = authCodeIssuedAt
        self.userID = userID
        self.authenticationMethod = authenticationMethod
        self.providerAccessToken = providerAccessToken
        self.providerRefreshToken = providerRefreshToken
    }
}

extension SupabaseFlowStateRecord {
    private enum CodingKeys: String, CodingKey {
        case id, provider, codeChallenge, codeChallengeMethod, authCode, referrer, linkingTargetID, createdAt, authCodeIssuedAt
        case userID, authenticationMethod, providerAccessToken, providerRefreshToken
    }

    /// Reads a record of any earlier version: `authenticationMethod` was added later (`oauth`).
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id), provider: try container.decode(String.self, forKey: .provider),
            codeChallenge: try container.decodeIfPresent(String.self, forKey: .codeChallenge),
            codeChallengeMethod: try container.decodeIfPresent(String.self, forKey: .codeChallengeMethod),
            authCode: try container.decodeIfPresent(String.self, forKey: .authCode),
            referrer: try container.decode(String.self, forKey: .referrer),
            linkingTargetID: try container.decodeIfPresent(String.self, forKey: .linkingTargetID),
            createdAt: try container.decode(Date.self, forKey: .createdAt),
            authCodeIssuedAt: try container.decodeIfPresent(Date.self, forKey: .authCodeIssuedAt),
            userID: try container.decodeIfPresent(String.self, forKey: .userID),
            authenticationMethod: try container.decodeIfPresent(String.self, forKey: .authenticationMethod) ?? "oauth",
            providerAccessToken: try container.decodeIfPresent(String.self, forKey: .providerAccessToken),
            providerRefreshToken: try container.decodeIfPresent(String.self, forKey: .providerRefreshToken))
    }
}
