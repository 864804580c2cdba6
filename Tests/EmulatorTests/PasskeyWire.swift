import AuthJWT
import AuthWebAuthn
import Crypto

/// A `PublicKeyCredential` as a web app's `toJSON()` sends it (WebAuthn Level 3 section 5.1.8),
/// and assertions signed with a stored key over chosen bytes, to tamper with one field at a time.
enum PasskeyWire {
    static func registration(_ credential: RegistrationCredential) -> JSONValue {
        .object([
            "id": .string(Base64URL.encode(credential.credentialID)), "rawId": .string(Base64URL.encode(credential.credentialID)),
            "type": .string("public-key"),
            "response": .object([
                "clientDataJSON": .string(Base64URL.encode(credential.clientDataJSON)),
                "attestationObject": .string(Base64URL.encode(credential.attestationObject)), "transports": .array([.string("internal")]),
            ]),
        ])
    }

    static func assertion(_ assertion: AssertionCredential) -> JSONValue {
        .object([
            "id": .string(Base64URL.encode(assertion.credentialID)), "rawId": .string(Base64URL.encode(assertion.credentialID)),
            "type": .string("public-key"),
            "response": .object([
                "clientDataJSON": .string(Base64URL.encode(assertion.clientDataJSON)),
                "authenticatorData": .string(Base64URL.encode(assertion.authenticatorData)),
                "signature": .string(Base64URL.encode(assertion.signature)), "userHandle": .string(Base64URL.encode(assertion.userHandle)),
            ]),
        ])
    }

    /// A verify body.
    static func body(_ challengeID: String, _ credential: JSONValue) -> String {
        JSONValue.object(["challenge_id": .string(challengeID), "credential": credential]).jsonString
    }

    /// The parts of an assertion a test may change before it is signed.
    struct Parts {
        var type = "webauthn.get"
        var challenge: [UInt8]
        var origin: String
        var rpID: String
        var flags: AuthenticatorFlags = [.userPresent, .userVerified]
        var signCount: UInt32
        var userHandle: [UInt8]
    }

    /// An assertion by `passkey`'s key over the given parts: every signature verifies, so only the
    /// changed part can be what the relying party refuses.
    static func signedAssertion(_ passkey: StoredPasskey, _ parts: Parts) throws -> AssertionCredential {
        let key = try P256.Signing.PrivateKey(rawRepresentation: passkey.privateKey)
        let clientData = CollectedClientData(
            type: parts.type, challenge: Base64URL.encode(parts.challenge), origin: parts.origin, crossOrigin: false
        ).json
        let authData = AuthenticatorData.encode(
            rpIDHash: Array(SHA256.hash(data: Array(parts.rpID.utf8))), flags: parts.flags, signCount: parts.signCount,
            attestedCredentialData: nil)
        let signature = try key.signature(for: authData + Array(SHA256.hash(data: clientData))).derRepresentation
        return AssertionCredential(
            credentialID: passkey.credentialID, clientDataJSON: clientData, authenticatorData: authData, signature: Array(signature),
            userHandle: parts.userHandle)
    }
}
