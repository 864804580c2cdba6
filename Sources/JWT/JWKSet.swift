/// A provider's published verification keys, looked up by `kid`.
public struct JWKSet: Sendable {
    private var keysByID: [String: RSAJWK]
    /// Keys the set could not use, with the reason (kept for diagnostics, never used).
    public private(set) var rejected: [String]

    /// Creates a set from keys.
    /// - Parameter keys: Usable keys; a later key with the same `kid` replaces an earlier one.
    public init(keys: [RSAJWK]) {
        keysByID = Dictionary(keys.map { ($0.keyID, $0) }, uniquingKeysWith: { _, later in later })
        rejected = []
    }

    /// Reads a JWKS document (`{"keys": [...]}`), keeping the usable RS256 keys.
    /// - Parameter document: The JWKS JSON.
    /// - Throws: ``IDTokenError/malformed(_:)`` when it is not a JWKS.
    public init(jwksJSON document: [UInt8]) throws(IDTokenError) {
        let object: JSONObject
        do { object = try StrictJSONParser.parseObject(document) } catch { throw .malformed("JWKS: \(error)") }
        guard let keys = object["keys"]?.arrayValue else { throw .malformed("JWKS without keys") }
        var usable: [RSAJWK] = []
        var rejected: [String] = []
        for key in keys {
            guard let jwk = key.objectValue else {
                rejected.append("non-object entry")
                continue
            }
            do { usable.append(try RSAJWK(jwk: jwk)) } catch { rejected.append(error.description) }
        }
        self.init(keys: usable)
        self.rejected = rejected
    }

    /// The key with this id.
    /// - Parameter keyID: The `kid`.
    /// - Returns: The key, or `nil`.
    public func key(withID keyID: String) -> RSAJWK? { keysByID[keyID] }

    /// The key ids, sorted.
    public var keyIDs: [String] { keysByID.keys.sorted() }

    /// The JWKS document.
    public var json: JSONObject {
        ["keys": .array(keyIDs.compactMap { keysByID[$0].map { .object($0.json) } })]
    }
}
