/// The body of `POST /token?grant_type=id_token`.
package struct SupabaseIDTokenRequest: Codable, Sendable, Hashable {
    package var provider: String?
    package var idToken: String?
    package var accessToken: String?
    package var nonce: String?
    package var linkIdentity: Bool?
    package var clientID: String?
    package var issuer: String?

    package init(provider: String?, idToken: String?, accessToken: String? = nil, nonce: String? = nil, linkIdentity: Bool? = nil) {
        self.provider = provider
        self.idToken = idToken
        self.accessToken = accessToken
        self.nonce = nonce
        self.linkIdentity = linkIdentity
    }

    enum CodingKeys: String, CodingKey {
        case provider, nonce, issuer
        case idToken = "id_token"
        case accessToken = "access_token"
        case linkIdentity = "link_identity"
        case clientID = "client_id"
    }
}
