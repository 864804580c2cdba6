import AuthJWT
import Foundation

/// The file `Tests/Interop/webauthn_check.py` and the Swift interop test exchange: ceremonies in
/// the JSON form of WebAuthn Level 3 section 5.1 (base64url fields).
struct InteropDocument: Codable {
    struct Response: Codable {
        var clientDataJSON: String
        var attestationObject: String?
        var authenticatorData: String?
        var signature: String?
        var userHandle: String?
    }

    struct Credential: Codable {
        var id: String
        var rawId: String
        var type = "public-key"
        var response: Response
        var clientExtensionResults: [String: String] = [:]
    }

    struct Step: Codable {
        var challenge: String
        var credential: Credential
    }

    struct Ceremony: Codable {
        var name: String
        var registration: Step
        var assertions: [Step]
    }

    var rpId: String
    var origins: [String]
    var ceremonies: [Ceremony]
}

/// A field of the exchange file that is missing or not base64url.
struct NotBase64URL: Error {}

extension [UInt8] {
    /// Base64url text to bytes.
    /// - Throws: ``NotBase64URL`` when the text is missing or does not decode.
    init(base64URL text: String?) throws {
        guard let text, let bytes = Base64URL.decode(text) else { throw NotBase64URL() }
        self = bytes
    }
}
