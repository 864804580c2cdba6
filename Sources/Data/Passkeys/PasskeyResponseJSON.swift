import AuthDomain
import AuthJWT

/// Writes the authenticator's answers as each service reads them: GoTrue takes a
/// `PublicKeyCredential`'s `toJSON()` (WebAuthn Level 3 section 5.1.8: `id`, `rawId`, `type`,
/// `response`); the Identity Toolkit v2 takes `AuthenticatorRegistrationResponse` and
/// `AuthenticatorAuthenticationResponse` (`credentialId`, `authenticatorAttestationResponse` or
/// `authenticatorAssertionResponse`, bytes in proto3 base64).
package enum PasskeyResponseJSON {
    /// A registration as GoTrue's `credential`.
    /// - Parameter attestation: The authenticator's answer.
    /// - Returns: The JSON.
    package static func webAuthn(_ attestation: PasskeyAttestation) -> JSONValue {
        let bytes = PasskeyByteEncoding.base64URL
        return credential(
            attestation.credentialID,
            response: [
                "clientDataJSON": .string(bytes.encode(attestation.clientDataJSON)),
                "attestationObject": .string(bytes.encode(attestation.attestationObject)),
            ])
    }

    /// An assertion as GoTrue's `credential`.
    /// - Parameter assertion: The authenticator's answer.
    /// - Returns: The JSON.
    package static func webAuthn(_ assertion: PasskeyAssertion) -> JSONValue {
        credential(assertion.credentialID, response: assertionResponse(assertion, .base64URL))
    }

    /// A registration as `authenticatorRegistrationResponse`.
    /// - Parameter attestation: The authenticator's answer.
    /// - Returns: The JSON.
    package static func identityToolkit(_ attestation: PasskeyAttestation) -> JSONValue {
        let bytes = PasskeyByteEncoding.proto3
        return .object([
            "credentialId": .string(bytes.encode(attestation.credentialID)), "credentialType": .string("public-key"),
            "authenticatorAttestationResponse": .object([
                "clientDataJSON": .string(bytes.encode(attestation.clientDataJSON)),
                "attestationObject": .string(bytes.encode(attestation.attestationObject)),
            ]),
        ])
    }

    /// An assertion as `authenticatorAuthenticationResponse`.
    /// - Parameter assertion: The authenticator's answer.
    /// - Returns: The JSON.
    package static func identityToolkit(_ assertion: PasskeyAssertion) -> JSONValue {
        .object([
            "credentialId": .string(PasskeyByteEncoding.proto3.encode(assertion.credentialID)), "credentialType": .string("public-key"),
            "authenticatorAssertionResponse": .object(assertionResponse(assertion, .proto3)),
        ])
    }

    private static func credential(_ id: some Sequence<UInt8>, response: JSONObject) -> JSONValue {
        let id = PasskeyByteEncoding.base64URL.encode(id)
        return .object([
            "id": .string(id), "rawId": .string(id), "type": .string("public-key"), "response": .object(response),
            "clientExtensionResults": .object([:]),
        ])
    }

    private static func assertionResponse(_ assertion: PasskeyAssertion, _ bytes: PasskeyByteEncoding) -> JSONObject {
        var response: JSONObject = [
            "clientDataJSON": .string(bytes.encode(assertion.clientDataJSON)),
            "authenticatorData": .string(bytes.encode(assertion.authenticatorData)),
            "signature": .string(bytes.encode(assertion.signature)),
        ]
        if let handle = assertion.userHandle { response["userHandle"] = .string(bytes.encode(handle)) }
        return response
    }
}
