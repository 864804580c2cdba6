import AuthDomain
import AuthJWT

/// `POST /factors`'s answer (GoTrue internal/api/mfa.go `EnrollFactorResponse`): the factor, and
/// for TOTP what an authenticator app needs (`totp.qr_code`, `totp.secret`, `totp.uri`).
package struct SupabaseEnrolledFactorPayload: Codable, Sendable {
    /// The `totp` object.
    package struct TOTP: Codable, Sendable {
        /// `qr_code`: the key URI as an SVG QR code.
        package var qrCode: String
        /// `secret`: base32.
        package var secret: Secret
        /// `uri`: the `otpauth://` key URI.
        package var uri: Secret

        enum CodingKeys: String, CodingKey {
            case qrCode = "qr_code"
            case secret, uri
        }
    }

    package var id: String
    package var type: String
    package var friendlyName: String?
    package var totp: TOTP

    package init(id: String, type: String, friendlyName: String?, qrCode: String, secret: Secret, uri: Secret) {
        self.id = id
        self.type = type
        self.friendlyName = friendlyName
        self.totp = TOTP(qrCode: qrCode, secret: secret, uri: uri)
    }

    enum CodingKeys: String, CodingKey {
        case id, type
        case friendlyName = "friendly_name"
        case totp
    }

    /// The JSON body, secrets revealed: this answer is the one place they travel to the client.
    package var jsonObject: JSONObject {
        [
            "id": .string(id), "type": .string(type), "friendly_name": .string(friendlyName ?? ""),
            "totp": .object(["qr_code": .string(totp.qrCode), "secret": .string(totp.secret.revealed), "uri": .string(totp.uri.revealed)]),
        ]
    }
}

/// `POST /factors/{id}/challenge`'s answer (`ChallengeFactorResponse`).
package struct SupabaseChallengePayload: Codable, Sendable {
    package var id: String
    package var type: String
    /// `expires_at`, seconds since 1970.
    package var expiresAt: Int64

    package init(id: String, type: String, expiresAt: Int64) {
        self.id = id
        self.type = type
        self.expiresAt = expiresAt
    }

    enum CodingKeys: String, CodingKey {
        case id, type
        case expiresAt = "expires_at"
    }
}
