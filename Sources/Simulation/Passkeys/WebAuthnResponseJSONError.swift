/// Why a credential's JSON is not a `PublicKeyCredential` response; GoTrue answers 400
/// `webauthn_verification_failed` "Invalid credential response".
package struct WebAuthnResponseJSONError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong (never the field's bytes).
    package var description: String

    init(_ description: String) { self.description = description }
}
