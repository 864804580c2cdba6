import AuthData

extension FirebaseIdpResponse {
    /// The part of a `signInWithIdp` answer that describes the IdP's user.
    /// - Parameters:
    ///   - identity: What the provider's token said.
    ///   - oauthIdToken: The provider's ID token; empty for a userinfo sign-in (then not sent).
    ///   - accessToken: The provider's access token, when the request carried one.
    init(identity: FirebaseIdentity, oauthIdToken: String, accessToken: String?) {
        self.init()
        providerId = identity.providerId
        federatedId = identity.providerId == "google.com" ? "https://accounts.google.com/\(identity.rawId)" : identity.rawId
        email = identity.email
        emailVerified = identity.emailVerified
        displayName = identity.displayName
        fullName = identity.displayName
        firstName = identity.firstName
        lastName = identity.lastName
        photoUrl = identity.photoUrl
        self.oauthIdToken = oauthIdToken.isEmpty ? nil : oauthIdToken
        oauthAccessToken = accessToken
        rawUserInfo = identity.rawClaims.jsonString
    }
}
