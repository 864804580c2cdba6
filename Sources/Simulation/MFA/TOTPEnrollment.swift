import AuthData
import AuthDomain
import Foundation

/// A new TOTP secret and its `otpauth://` key URI (Google Authenticator's "Key Uri Format", as
/// GoTrue's pquerna/otp `totp.Generate` writes it:
/// `otpauth://totp/ISSUER:ACCOUNT?algorithm=SHA1&digits=6&issuer=ISSUER&period=30&secret=SECRET`).
package struct TOTPEnrollment: Sendable {
    /// Base32 text of 20 random bytes (pquerna/otp's default `SecretSize`).
    package var secret: Secret
    /// The key URI an authenticator app reads (holds the secret: never log it).
    package var uri: Secret

    /// A fresh secret for an account.
    /// - Parameters:
    ///   - issuer: Who the code is for (shown by the app).
    ///   - accountName: The account (GoTrue: the user's email).
    ///   - bytes: The random source.
    package init(issuer: String, accountName: String, bytes: RandomByteSource = .live) {
        let secret = Base32.encode(bytes.bytes(20))
        self.secret = Secret(secret)
        self.uri = Secret(Self.uri(secret: secret, issuer: issuer, accountName: accountName))
    }

    /// The key URI for a secret.
    package static func uri(secret: String, issuer: String, accountName: String) -> String {
        let label = escape(issuer) + ":" + escape(accountName)
        return "otpauth://totp/\(label)?algorithm=SHA1&digits=6&issuer=\(escape(issuer))&period=30&secret=\(secret)"
    }

    private static func escape(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(128)))
        allowed.insert(charactersIn: "-._~@")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
}
