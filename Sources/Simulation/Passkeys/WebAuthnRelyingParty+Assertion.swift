import AuthWebAuthn
import Crypto

extension WebAuthnRelyingParty {
    /// Verifies an assertion (WebAuthn Level 3 section 7.2), as go-webauthn's
    /// `ValidatePasskeyLogin` does for GoTrue's `/passkeys/authentication/verify` (including its
    /// check that the backup-eligible flag is the registered one), and refuses a
    /// counter that did not grow (step 22 leaves that to the relying party; go-webauthn flags it
    /// as `CloneWarning`).
    /// - Parameters:
    ///   - assertion: The client's response.
    ///   - challenge: The challenge issued for this ceremony.
    ///   - credential: The stored credential the assertion names.
    /// - Returns: The new counter to store and the flags.
    /// - Throws: ``WebAuthnVerificationError``.
    public func verifyAssertion(
        _ assertion: AssertionCredential, challenge: [UInt8], credential: RegisteredCredential
    ) throws(WebAuthnVerificationError) -> VerifiedAssertion {
        guard ConstantTime.equal(assertion.credentialID, credential.credentialID) else { throw .credentialMismatch }
        try checkClientData(assertion.clientDataJSON, type: "webauthn.get", challenge: challenge)
        let data: AuthenticatorData
        do { data = try AuthenticatorData(bytes: assertion.authenticatorData) } catch { throw .malformed(error) }
        try checkAuthenticatorData(data)
        let key: COSEKey
        do { key = try COSEKey(cbor: try CBORDecoder(rules: .webAuthn).decode(credential.publicKey)) } catch {
            throw .malformed(.invalidAttestationObject("stored public key: \(error)"))
        }
        let signed = assertion.authenticatorData + Array(SHA256.hash(data: assertion.clientDataJSON))
        do { try key.verify(signature: assertion.signature, over: signed) } catch { throw .badSignature }
        guard data.flags.contains(.backupEligible) == credential.flags.contains(.backupEligible) else {
            throw .backupEligibilityChanged
        }
        if data.signCount != 0 || credential.signCount != 0, data.signCount <= credential.signCount {
            throw .signCountNotIncreased(stored: credential.signCount, received: data.signCount)
        }
        return VerifiedAssertion(signCount: data.signCount, flags: data.flags, userHandle: assertion.userHandle)
    }
}
