/// What an app shows to enrol an authenticator app: the `otpauth://` URI (as a QR code or a link),
/// the base32 secret for typing in, the issuer and the account name. The factor is active once a
/// first code is verified (``SecondFactorBackend/verifySecondFactor(_:code:session:)``).
public struct SecondFactorEnrollment: Hashable, Sendable, CustomStringConvertible {
    /// The new factor.
    public var factor: SecondFactor
    /// The shared secret, base32.
    public var secret: Secret
    /// The key URI (`otpauth://totp/ISSUER:ACCOUNT?secret=…&issuer=…`); it holds the secret.
    public var uri: Secret
    /// Who the codes are for, as the app shows it.
    public var issuer: String
    /// The account the codes are for (the user's email).
    public var accountName: String
    /// The URI as an SVG QR code, where the backend draws one (Supabase).
    public var qrCodeSVG: String?

    /// Creates an enrolment.
    /// - Parameters:
    ///   - factor: The new, unverified factor.
    ///   - secret: The base32 secret.
    ///   - uri: The key URI.
    ///   - issuer: The issuer.
    ///   - accountName: The account name.
    ///   - qrCodeSVG: The QR code, if drawn.
    public init(factor: SecondFactor, secret: Secret, uri: Secret, issuer: String, accountName: String, qrCodeSVG: String?) {
        self.factor = factor
        self.secret = secret
        self.uri = uri
        self.issuer = issuer
        self.accountName = accountName
        self.qrCodeSVG = qrCodeSVG
    }

    /// Secrets redacted.
    public var description: String {
        "SecondFactorEnrollment(factor: \(factor.id), issuer: \(issuer), account: \(accountName), secret: \(secret), uri: \(uri))"
    }
}
