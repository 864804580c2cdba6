/// The two kinds of Identity Platform provider config the admin v2 API serves: OIDC providers
/// (`projects/{p}/oauthIdpConfigs`, ids `oidc.…`) and SAML providers
/// (`projects/{p}/inboundSamlConfigs`, ids `saml.…`), with the fields of Google's
/// `GoogleCloudIdentitytoolkitAdminV2OAuthIdpConfig` and `…InboundSamlConfig` (firebase-tools
/// src/emulator/auth/schema.ts, generated from Google's discovery document; firebase-admin-python
/// firebase_admin/_auth_providers.py sends and reads them).
package enum FirebaseIdpConfigKind: String, CaseIterable, Codable, Hashable, Sendable {
    case oidc
    case saml

    /// The collection in the resource name and the list answer (`oauthIdpConfigs`).
    package var collection: String {
        switch self {
        case .oidc: "oauthIdpConfigs"
        case .saml: "inboundSamlConfigs"
        }
    }

    /// The create request's query parameter naming the id (`oauthIdpConfigId`).
    package var idParameter: String {
        switch self {
        case .oidc: "oauthIdpConfigId"
        case .saml: "inboundSamlConfigId"
        }
    }

    /// The prefix every id of this kind starts with.
    package var idPrefix: String { rawValue + "." }

    /// The fields a client may set, each with its path.
    var fields: [FirebaseIdpConfigField] {
        switch self {
        case .oidc:
            [
                .init("displayName", .string), .init("enabled", .bool), .init("clientId", .string, required: true),
                .init("issuer", .url, required: true), .init("clientSecret", .string),
                .init("responseType.idToken", .bool), .init("responseType.code", .bool),
            ]
        case .saml:
            [
                .init("displayName", .string), .init("enabled", .bool),
                .init("idpConfig.idpEntityId", .string, required: true), .init("idpConfig.ssoUrl", .url, required: true),
                .init("idpConfig.idpCertificates", .certificates, required: true), .init("idpConfig.signRequest", .bool),
                .init("spConfig.spEntityId", .string, required: true), .init("spConfig.callbackUri", .url, required: true),
            ]
        }
    }
}
