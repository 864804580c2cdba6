import AuthJWT
import AuthWebAuthn

/// The `options` GoTrue returns, as go-webauthn writes `PublicKeyCredentialCreationOptions` and
/// `PublicKeyCredentialRequestOptions` (WebAuthn Level 3 sections 5.4 and 5.5) with GoTrue's
/// choices (internal/api/passkey_webauthn.go): resident key required, user verification
/// preferred, attestation `none`, go-webauthn's default timeout of 300 000 ms. The algorithms
/// offered are the ones the relying party verifies, ES256 and RS256.
package enum PasskeyCeremonyOptions {
    /// go-webauthn's default ceremony timeout, in milliseconds.
    static let timeout: Int64 = 300_000

    /// The user a registration is for.
    package struct User: Sendable {
        /// The user handle (GoTrue: the UUID's text, as bytes).
        package var handle: [UInt8]
        /// `user.name` (the email, else the phone).
        package var name: String
        /// `user.displayName` (`user_metadata.name`, else the name).
        package var displayName: String
    }

    /// Creation options.
    /// - Parameters:
    ///   - rpID: The RP ID.
    ///   - rpName: The RP's display name.
    ///   - user: The user.
    ///   - challenge: The challenge.
    ///   - exclude: The credential IDs already registered.
    /// - Returns: The JSON object.
    package static func creation(rpID: String, rpName: String, user: User, challenge: [UInt8], exclude: [[UInt8]]) -> JSONObject {
        var options: JSONObject = [
            "rp": .object(["name": .string(rpName), "id": .string(rpID)]),
            "user": .object([
                "name": .string(user.name), "displayName": .string(user.displayName), "id": .string(Base64URL.encode(user.handle)),
            ]),
            "challenge": .string(Base64URL.encode(challenge)),
            "pubKeyCredParams": .array(
                [COSEAlgorithm.es256, .rs256].map { algorithm in
                    .object(["type": .string("public-key"), "alg": .int(Int64(algorithm.rawValue))])
                }),
            "timeout": .int(timeout),
            "authenticatorSelection": .object([
                "requireResidentKey": .bool(true), "residentKey": .string("required"), "userVerification": .string("preferred"),
            ]),
            "attestation": .string("none"),
        ]
        if !exclude.isEmpty { options["excludeCredentials"] = .array(exclude.map(descriptor)) }
        return options
    }

    /// Request options for a discoverable sign-in (no `allowCredentials`), or for the listed credentials.
    /// - Parameters:
    ///   - rpID: The RP ID.
    ///   - challenge: The challenge.
    ///   - allow: The credential IDs accepted; empty for any (discoverable).
    /// - Returns: The JSON object.
    package static func request(rpID: String, challenge: [UInt8], allow: [[UInt8]] = []) -> JSONObject {
        var options: JSONObject = [
            "challenge": .string(Base64URL.encode(challenge)), "timeout": .int(timeout), "rpId": .string(rpID),
            "userVerification": .string("preferred"),
        ]
        if !allow.isEmpty { options["allowCredentials"] = .array(allow.map(descriptor)) }
        return options
    }

    private static func descriptor(_ id: [UInt8]) -> JSONValue {
        .object(["type": .string("public-key"), "id": .string(Base64URL.encode(id))])
    }
}
