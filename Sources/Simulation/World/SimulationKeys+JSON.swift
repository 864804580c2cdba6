import AuthJWT

extension SimulationKeys {
    /// Reads `keys.json`'s JSON (what `JSONEncoder` wrote from these keys) with the strict parser:
    /// the same fields as the `Codable` form, every one required and a string (the key rings'
    /// objects and arrays as written), without `JSONDecoder`'s work, which a returning command
    /// paid for on every run.
    /// - Parameter bytes: The JSON text after the file's header line.
    /// - Throws: ``FormatError`` naming the first field that is missing or of another type.
    init(json bytes: [UInt8]) throws {
        let object: JSONObject
        do { object = try StrictJSONParser.parseObject(bytes) } catch { throw FormatError(field: "", reason: "\(error)") }
        func string(_ value: JSONValue?, _ field: String) throws(FormatError) -> String {
            guard let text = value?.stringValue else { throw FormatError(field: field, reason: "a string is required") }
            return text
        }
        func ring(_ field: String) throws(FormatError) -> StoredKeyRing {
            guard let ring = object[field]?.objectValue, let keys = ring["keys"]?.arrayValue else {
                throw FormatError(field: field, reason: "an object with a keys array is required")
            }
            let activeKeyID = try string(ring["activeKeyID"], field + ".activeKeyID")
            // A loop rather than a typed-throws `map`, which iOS 16's standard library does not have.
            var stored: [StoredKeyRing.Key] = []
            for key in keys {
                let entry = key.objectValue
                stored.append(
                    StoredKeyRing.Key(
                        keyID: try string(entry?["keyID"], field + ".keys.keyID"), pem: try string(entry?["pem"], field + ".keys.pem")))
            }
            return StoredKeyRing(activeKeyID: activeKeyID, keys: stored)
        }
        self.init(
            apple: try ring("apple"), google: try ring("google"), firebase: try ring("firebase"),
            supabaseJWTSecret: try string(object["supabaseJWTSecret"], "supabaseJWTSecret"), teamID: try string(object["teamID"], "teamID"),
            developerKeyID: try string(object["developerKeyID"], "developerKeyID"),
            developerKeyPEM: try string(object["developerKeyPEM"], "developerKeyPEM"))
    }

    /// Why `keys.json`'s JSON is not the keys' form.
    struct FormatError: Error, CustomStringConvertible {
        /// The field (dotted path), empty when the text is not a JSON object.
        let field: String
        /// What is wrong with it.
        let reason: String

        var description: String { field.isEmpty ? reason : "\(field): \(reason)" }
    }
}
