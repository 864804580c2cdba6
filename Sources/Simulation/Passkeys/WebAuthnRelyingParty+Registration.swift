import AuthWebAuthn
import Crypto

extension WebAuthnRelyingParty {
    /// Verifies a registration (WebAuthn Level 3 section 7.1), as go-webauthn's `CreateCredential`
    /// does for GoTrue's `/passkeys/registration/verify`.
    /// - Parameters:
    ///   - credential: The client's response.
    ///   - challenge: The challenge issued for this ceremony.
    /// - Returns: The credential to store.
    /// - Throws: ``WebAuthnVerificationError``.
    public func verifyRegistration(
        _ credential: RegistrationCredential,
        challenge: [UInt8]
    ) throws(WebAuthnVerificationError) -> RegisteredCredential {
        try checkClientData(credential.clientDataJSON, type: "webauthn.create", challenge: challenge)
        let object: AttestationObject
        do { object = try AttestationObject(bytes: credential.attestationObject) } catch { throw .malformed(error) }
        let data = object.authenticatorData
        try checkAuthenticatorData(data)
        guard let attested = data.attestedCredentialData else { throw .missingAttestedCredentialData }
        guard algorithms.contains(attested.publicKey.algorithm) else { throw .algorithmNotAllowed(attested.publicKey.algorithm) }
        guard attested.credentialID == credential.credentialID else { throw .credentialMismatch }
        try verifyStatement(object, clientDataJSON: credential.clientDataJSON, key: attested.publicKey)
        return RegisteredCredential(
            credentialID: attested.credentialID, publicKey: CBOREncoder.encode(attested.publicKeyCBOR), signCount: data.signCount,
            aaguid: attested.aaguid, attestationFormat: object.format, flags: data.flags)
    }

    /// Section 7.1 step 21: `none` (section 8.7) has an empty statement; `packed` without `x5c`
    /// is self-attestation (section 8.2): `alg` is the credential's, `sig` verifies under it.
    private func verifyStatement(_ object: AttestationObject, clientDataJSON: [UInt8], key: COSEKey) throws(WebAuthnVerificationError) {
        let statement = object.statement
        switch object.format {
        case "none":
            guard statement.mapValue?.isEmpty == true else { throw .invalidAttestationStatement("none with a statement") }
        case "packed":
            guard statement[.text("x5c")] == nil, statement[.text("ecdaaKeyId")] == nil else {
                throw .unsupportedAttestationFormat("packed with a certificate chain")
            }
            guard let alg = statement[.text("alg")]?.intValue else { throw .invalidAttestationStatement("alg is not an integer") }
            guard alg == key.algorithm.rawValue else { throw .invalidAttestationStatement("alg is not the credential's algorithm") }
            guard let signature = statement[.text("sig")]?.bytesValue else { throw .invalidAttestationStatement("sig is not bytes") }
            guard statement.mapValue?.count == 2 else { throw .invalidAttestationStatement("unexpected members") }
            let signed = object.authenticatorData.raw + Array(SHA256.hash(data: clientDataJSON))
            do { try key.verify(signature: signature, over: signed) } catch { throw .badSignature }
        default:
            throw .unsupportedAttestationFormat(String(object.format.prefix(64)))
        }
    }
}
