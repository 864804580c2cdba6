import AuthWebAuthn

/// Why the relying party refused a WebAuthn ceremony. GoTrue answers every one of these with
/// `webauthn_verification_failed` (internal/api/passkey_registration.go, passkey_authentication.go);
/// the cases say which rule broke, for tests and logs. No case carries a challenge, key or signature.
public enum WebAuthnVerificationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A structure was not well-formed.
    case malformed(WebAuthnFormatError)
    /// `clientDataJSON.type` is not `webauthn.create` / `webauthn.get` as the ceremony expects.
    case wrongType(expected: String)
    /// `clientDataJSON.challenge` is not the challenge the relying party issued.
    case challengeMismatch
    /// `clientDataJSON.origin` is not one of the relying party's origins.
    case originNotAllowed(String)
    /// The RP ID hash in authenticator data is not SHA-256 of the relying party's RP ID.
    case rpIDHashMismatch
    /// The user-present flag (UP) is not set.
    case userNotPresent
    /// The user-verified flag (UV) is not set where the relying party requires it.
    case userNotVerified
    /// The backed-up flag (BS) is set without backup eligibility (BE).
    case backupStateWithoutEligibility
    /// The backup-eligible flag (BE) differs from the one stored at registration (go-webauthn's
    /// `ValidatePasskeyLogin`; GoTrue stores it as `backup_eligible`).
    case backupEligibilityChanged
    /// A registration without attested credential data.
    case missingAttestedCredentialData
    /// An attestation format other than `none` and `packed`.
    case unsupportedAttestationFormat(String)
    /// The attestation statement breaks its format's rules.
    case invalidAttestationStatement(String)
    /// The credential's algorithm is not one the relying party offered.
    case algorithmNotAllowed(COSEAlgorithm)
    /// The assertion names another credential than the one it is checked against.
    case credentialMismatch
    /// The signature does not verify under the credential's public key.
    case badSignature
    /// The signature counter did not grow although the authenticator counts (a possible clone).
    case signCountNotIncreased(stored: UInt32, received: UInt32)

    /// What was wrong, for developers.
    public var description: String {
        switch self {
        case .malformed(let error): "malformed: \(error)"
        case .wrongType(let expected): "clientDataJSON.type is not \(expected)"
        case .challengeMismatch: "clientDataJSON.challenge is not the issued challenge"
        case .originNotAllowed(let origin): "origin \(origin) is not allowed"
        case .rpIDHashMismatch: "RP ID hash does not match the RP ID"
        case .userNotPresent: "user-present flag is not set"
        case .userNotVerified: "user-verified flag is not set"
        case .backupStateWithoutEligibility: "backed-up flag without backup eligibility"
        case .backupEligibilityChanged: "backup-eligible flag differs from the registered one"
        case .missingAttestedCredentialData: "no attested credential data"
        case .unsupportedAttestationFormat(let format): "attestation format \(format) is not supported"
        case .invalidAttestationStatement(let why): "attestation statement: \(why)"
        case .algorithmNotAllowed(let alg): "\(alg) is not an allowed algorithm"
        case .credentialMismatch: "assertion is for another credential"
        case .badSignature: "signature does not verify"
        case .signCountNotIncreased(let stored, let received): "sign count \(received) is not above the stored \(stored)"
        }
    }
}
