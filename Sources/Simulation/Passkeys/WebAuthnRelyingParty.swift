import AuthJWT
import AuthWebAuthn
import Crypto

/// The relying party's side of WebAuthn (Level 3 sections 7.1 and 7.2), with the choices GoTrue
/// makes through go-webauthn (internal/api/passkey_webauthn.go): origins from
/// `GOTRUE_WEBAUTHN_RP_ORIGINS`, user verification preferred (not required), user presence
/// required, attestation `none` or `packed` self-attestation, ES256 and RS256.
///
/// ```swift
/// let rp = WebAuthnRelyingParty(rpID: "example.com", origins: ["https://example.com"], requireUserVerification: false)
/// let registered = try rp.verifyRegistration(credential, challenge: issued)
/// let used = try rp.verifyAssertion(assertion, challenge: next, credential: registered.storedCredential)
/// ```
public struct WebAuthnRelyingParty: Sendable {
    /// The RP ID (`GOTRUE_WEBAUTHN_RP_ID`).
    public let rpID: String
    /// The origins accepted in client data, compared exactly (`GOTRUE_WEBAUTHN_RP_ORIGINS`).
    public let origins: Set<String>
    /// Whether UV must be set (GoTrue: `preferred`, so no).
    public let requireUserVerification: Bool
    /// The algorithms offered in `pubKeyCredParams`.
    public let algorithms: Set<COSEAlgorithm>

    /// Makes a relying party offering ES256 and RS256.
    /// - Parameters:
    ///   - rpID: The RP ID.
    ///   - origins: The accepted origins.
    ///   - requireUserVerification: Whether UV must be set.
    public init(rpID: String, origins: Set<String>, requireUserVerification: Bool) {
        self.rpID = rpID
        self.origins = origins
        self.requireUserVerification = requireUserVerification
        algorithms = [.es256, .rs256]
    }

    /// Checks client data (section 7.1 steps 7-10, 7.2 steps 11-14).
    func checkClientData(_ json: [UInt8], type: String, challenge: [UInt8]) throws(WebAuthnVerificationError) {
        let clientData: CollectedClientData
        do { clientData = try CollectedClientData(json: json) } catch { throw .malformed(error) }
        guard clientData.type == type else { throw .wrongType(expected: type) }
        guard let received = Base64URL.decode(clientData.challenge), ConstantTime.equal(received, challenge) else {
            throw .challengeMismatch
        }
        guard origins.contains(clientData.origin) else { throw .originNotAllowed(String(clientData.origin.prefix(200))) }
    }

    /// Checks authenticator data's RP ID hash and flags (section 7.1 steps 13-17, 7.2 steps 15-18).
    func checkAuthenticatorData(_ data: AuthenticatorData) throws(WebAuthnVerificationError) {
        let expected = Array(SHA256.hash(data: Array(rpID.utf8)))
        guard ConstantTime.equal(data.rpIDHash, expected) else { throw .rpIDHashMismatch }
        guard data.flags.contains(.userPresent) else { throw .userNotPresent }
        if requireUserVerification, !data.flags.contains(.userVerified) { throw .userNotVerified }
        if data.flags.contains(.backedUp), !data.flags.contains(.backupEligible) { throw .backupStateWithoutEligibility }
    }
}
