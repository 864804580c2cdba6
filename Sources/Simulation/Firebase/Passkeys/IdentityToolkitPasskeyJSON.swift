import AuthJWT
import AuthWebAuthn

/// Reads the Identity Toolkit v2's authenticator responses (Google's reference:
/// `GoogleCloudIdentitytoolkitV2AuthenticatorRegistrationResponse` with `credentialId` and
/// `authenticatorAttestationResponse {clientDataJSON, attestationObject, transports}`;
/// `GoogleCloudIdentitytoolkitV2AuthenticatorAuthenticationResponse` with `credentialId` and
/// `authenticatorAssertionResponse {clientDataJSON, authenticatorData, signature, userHandle}`).
/// Bytes are base64 as proto3's JSON mapping reads them: standard or URL-safe, padded or not.
enum IdentityToolkitPasskeyJSON {
    static let maxFieldBytes = 64 * 1024

    /// A registration response and its transports.
    static func registration(_ value: JSONValue) throws(WebAuthnResponseJSONError) -> (RegistrationCredential, [String]) {
        let (id, response) = try envelope(value, "authenticatorAttestationResponse")
        let transports = (response["transports"]?.arrayValue ?? []).prefix(16).compactMap(\.stringValue).filter { $0.utf8.count <= 32 }
        let credential = RegistrationCredential(
            credentialID: id, clientDataJSON: try bytes(response, "clientDataJSON"),
            attestationObject: try bytes(
                response,
                "attestationObject"))
        return (credential, transports)
    }

    /// An assertion.
    static func assertion(_ value: JSONValue) throws(WebAuthnResponseJSONError) -> AssertionCredential {
        let (id, response) = try envelope(value, "authenticatorAssertionResponse")
        return AssertionCredential(
            credentialID: id, clientDataJSON: try bytes(response, "clientDataJSON"),
            authenticatorData: try bytes(response, "authenticatorData"), signature: try bytes(response, "signature"),
            userHandle: response["userHandle"] == nil ? [] : try bytes(response, "userHandle"))
    }

    /// Proto3 JSON bytes: standard or URL-safe base64, padding optional.
    static func decode(_ text: String) -> [UInt8]? {
        guard text.utf8.count <= maxFieldBytes * 2 else { return nil }
        var trimmed = Substring(text)
        while trimmed.hasSuffix("=") { trimmed = trimmed.dropLast() }
        return Base64URL.decode(trimmed.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_"))
    }

    /// Proto3 JSON bytes as Google writes them: standard base64, padded.
    static func encode(_ bytes: [UInt8]) -> String {
        var text = Base64URL.encode(bytes).replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while text.utf8.count % 4 != 0 { text += "=" }
        return text
    }

    private static func envelope(_ value: JSONValue, _ member: String) throws(WebAuthnResponseJSONError) -> ([UInt8], JSONObject) {
        guard let object = value.objectValue else { throw .init("the authenticator response is not an object") }
        guard let text = object["credentialId"]?.stringValue, let id = decode(text), !id.isEmpty else {
            throw .init("credentialId is missing or not base64")
        }
        if let type = object["credentialType"], type.stringValue != "public-key" { throw .init("credentialType is not public-key") }
        guard let response = object[member]?.objectValue else { throw .init("\(member) is not an object") }
        return (id, response)
    }

    private static func bytes(_ object: JSONObject, _ name: String) throws(WebAuthnResponseJSONError) -> [UInt8] {
        guard let text = object[name]?.stringValue, let bytes = decode(text) else { throw .init("\(name) is missing or not base64") }
        guard bytes.count <= maxFieldBytes else { throw .init("\(name) is larger than \(maxFieldBytes) bytes") }
        return bytes
    }
}
