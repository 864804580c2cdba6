import AuthJWT

/// Metadata typed in the console as JSON text, field by field, and read back as JSON objects.
struct ConsoleMetadataEdit: Sendable, Equatable {
    /// The form fields the console's metadata form posts.
    static let fieldNames = ["user_metadata", "app_metadata", "custom_claims"]
    /// The most text one field takes (a form field, not a document).
    static let maxBytes = 64 * 1024

    /// The fields given, by name, as typed.
    var texts: [String: String]

    /// Reads the metadata fields of a form; empty fields are not given.
    /// - Parameter form: The form fields.
    init(form: [String: String]) {
        texts = form.filter { Self.fieldNames.contains($0.key) && !$0.value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
    }

    /// Whether no field was given.
    var isEmpty: Bool { texts.isEmpty }

    /// A field as a JSON object.
    /// - Parameter name: The field.
    /// - Returns: The object, or `nil` when the field was not given.
    /// - Throws: ``ConsoleFailure/refused(_:)`` naming the field, when it is too long or not a JSON object.
    func object(_ name: String) throws(ConsoleFailure) -> JSONObject? {
        guard let text = texts[name] else { return nil }
        guard text.utf8.count <= Self.maxBytes else { throw .refused("\(name) is longer than \(Self.maxBytes) bytes.") }
        do {
            return try StrictJSONParser.parseObject(Array(text.utf8))
        } catch {
            throw .refused("\(name) is not a JSON object ({\"key\": value, …}): \(error)")
        }
    }
}
