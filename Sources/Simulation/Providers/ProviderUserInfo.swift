import AuthJWT

/// Who signed in, as an OAuth provider without ID tokens says it in its userinfo answer (fetched
/// with the access token its code was exchanged for). The fields are GoTrue's `provider.Claims`
/// (`internal/api/provider/provider.go`), as its GitHub provider fills them from `/user`
/// (`internal/api/provider/github.go`): `iss` is the provider's API host, `sub` the account id.
package struct ProviderUserInfo: Sendable, Hashable {
    /// `iss`: the provider's API host.
    package var issuer: String
    /// `sub`: the account's id at the provider.
    package var subject: String
    /// The account's email, if the provider gives one.
    package var email: String?
    /// Whether the provider says the email is verified.
    package var emailVerified: Bool
    /// The account's display name.
    package var name: String?
    /// The account's handle (`preferred_username`, GoTrue's `user_name`).
    package var preferredUsername: String?
    /// The account's picture (`avatar_url`).
    package var avatarURL: String?

    /// Creates an answer.
    /// - Parameters:
    ///   - issuer: The provider's API host.
    ///   - subject: The account's id.
    ///   - email: The email.
    ///   - emailVerified: Whether it is verified.
    ///   - name: The display name.
    ///   - preferredUsername: The handle.
    ///   - avatarURL: The picture.
    package init(
        issuer: String, subject: String, email: String?, emailVerified: Bool, name: String? = nil, preferredUsername: String? = nil,
        avatarURL: String? = nil
    ) {
        self.issuer = issuer
        self.subject = subject
        self.email = email
        self.emailVerified = emailVerified
        self.name = name
        self.preferredUsername = preferredUsername
        self.avatarURL = avatarURL
    }

    /// The answer as GoTrue keeps it in an identity's `identity_data` (`provider.Claims`' JSON
    /// names, with the legacy `full_name`, `provider_id` and `user_name`), email lowercased.
    package var claims: JSONObject {
        var data: JSONObject = [
            "iss": .string(issuer), "sub": .string(subject), "provider_id": .string(subject),
            "email_verified": .bool(emailVerified), "phone_verified": .bool(false),
        ]
        if let email { data["email"] = .string(email.lowercased()) }
        if let name {
            data["name"] = .string(name)
            data["full_name"] = .string(name)
        }
        if let preferredUsername {
            data["preferred_username"] = .string(preferredUsername)
            data["user_name"] = .string(preferredUsername)
        }
        if let avatarURL { data["avatar_url"] = .string(avatarURL) }
        return data
    }
}
