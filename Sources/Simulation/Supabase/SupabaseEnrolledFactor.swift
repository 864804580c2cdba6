import AuthDomain
import AuthJWT

/// `POST /factors`'s answer (GoTrue internal/api/mfa.go `EnrollFactorResponse`): the factor, and
/// for TOTP what an authenticator app needs (`totp.qr_code`, `totp.secret`, `totp.uri`).
package struct SupabaseEnrolledFactor: Sendable {
    package var id: String
    package var type: String
    package var friendlyName: String
    /// `totp.qr_code`: the key URI as an SVG QR code.
    package var qrCode: String
    /// `totp.secret`: base32.
    package var secret: Secret
    /// `totp.uri`: the `otpauth://` key URI.
    package var uri: Secret

    /// The JSON body, secrets revealed: this answer is the one place they travel to the client.
    package var jsonObject: JSONObject {
        [
            "id": .string(id), "type": .string(type), "friendly_name": .string(friendlyName),
            "totp": .object(["qr_code": .string(qrCode), "secret": .string(secret.revealed), "uri": .string(uri.revealed)]),
        ]
    }
}
