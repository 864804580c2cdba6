import AuthJWT

/// The client data a browser or platform collects and signs over (WebAuthn Level 3 section
/// 5.8.1), read from `clientDataJSON` with the strict JSON parser (duplicate keys refused).
public struct CollectedClientData: Sendable, Hashable {
    /// `webauthn.create` for a registration, `webauthn.get` for an assertion.
    public var type: String
    /// The challenge as the client sent it: base64url without padding.
    public var challenge: String
    /// The origin of the page that called the API.
    public var origin: String
    /// Whether the call came from a cross-origin frame.
    public var crossOrigin: Bool

    /// The largest `clientDataJSON` read, in bytes.
    public static let maxBytes = 16 * 1024

    /// Makes client data.
    /// - Parameters:
    ///   - type: `webauthn.create` or `webauthn.get`.
    ///   - challenge: The base64url challenge.
    ///   - origin: The origin.
    ///   - crossOrigin: Whether the call came from a cross-origin frame.
    public init(type: String, challenge: String, origin: String, crossOrigin: Bool) {
        self.type = type
        self.challenge = challenge
        self.origin = origin
        self.crossOrigin = crossOrigin
    }

    /// Reads `clientDataJSON`.
    /// - Parameter json: The bytes.
    /// - Throws: ``WebAuthnFormatError/invalidClientData(_:)``.
    public init(json: [UInt8]) throws(WebAuthnFormatError) {
        guard json.count <= Self.maxBytes else { throw .invalidClientData("longer than \(Self.maxBytes) bytes") }
        let object: JSONObject
        do { object = try StrictJSONParser.parseObject(json) } catch { throw .invalidClientData(error.description) }
        guard let type = object["type"]?.stringValue else { throw .invalidClientData("type is not text") }
        guard let challenge = object["challenge"]?.stringValue else { throw .invalidClientData("challenge is not text") }
        guard let origin = object["origin"]?.stringValue else { throw .invalidClientData("origin is not text") }
        let crossOrigin = object["crossOrigin"]
        guard crossOrigin == nil || crossOrigin?.boolValue != nil else { throw .invalidClientData("crossOrigin is not a boolean") }
        self.init(type: type, challenge: challenge, origin: origin, crossOrigin: crossOrigin?.boolValue ?? false)
    }

    /// The JSON a client writes, members in the order of WebAuthn Level 3 section 5.8.1.1.
    public var json: [UInt8] {
        let object: JSONObject = [
            "type": .string(type), "challenge": .string(challenge), "origin": .string(origin), "crossOrigin": .bool(crossOrigin),
        ]
        return object.serialized()
    }
}
