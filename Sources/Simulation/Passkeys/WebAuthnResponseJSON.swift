import AuthJWT
import AuthWebAuthn

/// Reads the JSON a web app sends for a `PublicKeyCredential` (WebAuthn Level 3 section 5.1.8,
/// `toJSON()`), with go-webauthn's rules (protocol/credential.go `ParseCredentialCreationResponse`,
/// protocol/assertion.go `ParseCredentialRequestResponse`): `id` present and equal to `rawId`,
/// `type` `public-key`, the binary fields base64url (padding tolerated, as go-webauthn's
/// `URLEncodedBase64` does). Both GoTrue's `credential` and the Identity Toolkit's
/// `authenticatorRegistrationResponse` / `authenticatorAuthenticationResponse` have this shape.
package enum WebAuthnResponseJSON {
    /// The largest binary field accepted, decoded (an attestation object is bounded by the
    /// CBOR rules' 64 KiB).
    static let maxFieldBytes = 64 * 1024

    /// A registration response.
    /// - Parameter value: The `credential` JSON.
    /// - Returns: The credential and the transports the client reported.
    /// - Throws: ``WebAuthnResponseJSONError``.
    package static func registration(_ value: JSONValue) throws(WebAuthnResponseJSONError) -> (RegistrationCredential, [String]) {
        let (id, response) = try envelope(value)
        let transports = (response["transports"]?.arrayValue ?? []).prefix(16).compactMap(\.stringValue).filter { $0.utf8.count <= 32 }
        let credential = RegistrationCredential(
            credentialID: id, clientDataJSON: try bytes(response, "clientDataJSON"),
            attestationObject: try bytes(response, "attestationObject"))
        return (credential, transports)
    }

    /// An assertion response.
    /// - Parameter value: The `credential` JSON.
    /// - Returns: The assertion (an absent `userHandle` is empty).
    /// - Throws: ``WebAuthnResponseJSONError``.
    package static func assertion(_ value: JSONValue) throws(WebAuthnResponseJSONError) -> AssertionCredential {
        let (id, response) = try envelope(value)
        let userHandle = response["userHandle"].flatMap { $0 == .null ? nil : $0 }
        return AssertionCredential(
            credentialID: id, clientDataJSON: try bytes(response, "clientDataJSON"),
            authenticatorData: try bytes(response, "authenticatorData"), signature: try bytes(response, "signature"),
            userHandle: userHandle == nil ? [] : try bytes(response, "userHandle"))
    }

    private static func envelope(_ value: JSONValue) throws(WebAuthnResponseJSONError) -> ([UInt8], JSONObject) {
        guard let object = value.objectValue else { throw .init("credential is not an object") }
        guard let id = object["id"]?.stringValue, !id.isEmpty else { throw .init("Parse error for Registration: Missing ID") }
        guard let rawID = try decode(object["rawId"], "rawId"), rawID == decodeText(id) else {
            throw .init("ID not base64.RawURLEncoded or not rawId")
        }
        guard object["type"]?.stringValue == "public-key" else { throw .init("type is not public-key") }
        guard let response = object["response"]?.objectValue else { throw .init("response is not an object") }
        return (rawID, response)
    }

    private static func bytes(_ object: JSONObject, _ name: String) throws(WebAuthnResponseJSONError) -> [UInt8] {
        guard let bytes = try decode(object[name], name) else { throw .init("\(name) is missing") }
        return bytes
    }

    private static func decode(_ value: JSONValue?, _ name: String) throws(WebAuthnResponseJSONError) -> [UInt8]? {
        guard let value else { return nil }
        guard let text = value.stringValue, let bytes = decodeText(text) else { throw .init("\(name) is not base64url") }
        guard bytes.count <= maxFieldBytes else { throw .init("\(name) is larger than \(maxFieldBytes) bytes") }
        return bytes
    }

    private static func decodeText(_ text: String) -> [UInt8]? {
        guard text.utf8.count <= maxFieldBytes * 2 else { return nil }
        var trimmed = Substring(text)
        while trimmed.hasSuffix("=") { trimmed = trimmed.dropLast() }
        return Base64URL.decode(String(trimmed))
    }
}
