import AuthData
import AuthJWT
import Foundation

/// The request bodies the simulated identity providers read: strict JSON, or an HTML form.
extension EmulatorRequest {
    /// The body as JSON of a type, when it is well-formed JSON (or has no content type).
    /// - Returns: The decoded body, or `nil` when it is not valid JSON of that shape.
    func providerJSON<T: Decodable>() -> T? {
        guard contentType == nil || contentType == "application/json", (try? StrictJSONParser.parse(body)) != nil else { return nil }
        return try? JSONDecoder().decode(T.self, from: Data(body))
    }

    /// The body's fields, when it is `application/x-www-form-urlencoded`.
    var formFields: [String: String]? {
        guard contentType == "application/x-www-form-urlencoded" else { return nil }
        return FormEncoding.decode(String(decoding: body, as: UTF8.self))
    }
}
