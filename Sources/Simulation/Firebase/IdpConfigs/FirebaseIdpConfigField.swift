import AuthData
import AuthJWT
import Foundation

/// One settable field of a provider config: its dotted path (as an `updateMask` names it), what
/// it holds, and whether a config needs it.
struct FirebaseIdpConfigField: Sendable {
    /// What a field holds.
    enum Value: Sendable {
        case string
        /// An `http` or `https` URL with a host.
        case url
        case bool
        /// `[{"x509Certificate": "-----BEGIN CERTIFICATE-----…"}]`, at least one.
        case certificates
    }

    /// The dotted path (`idpConfig.ssoUrl`).
    let path: String
    let value: Value
    let required: Bool

    init(_ path: String, _ value: Value, required: Bool = false) {
        self.path = path
        self.value = value
        self.required = required
    }

    /// The path's segments.
    var segments: [String] { path.split(separator: ".").map(String.init) }

    /// Checks a value sent for the field.
    /// - Parameter json: The value.
    /// - Returns: The value to keep (certificates with their `x509Certificate` alone).
    /// - Throws: `INVALID_CONFIG` naming the field for a value of the wrong type or out of bounds.
    func checked(_ json: JSONValue) throws(FirebaseFailure) -> JSONValue {
        switch value {
        case .bool:
            guard json.boolValue != nil else { throw invalid("must be a boolean") }
        case .string, .url:
            guard let text = json.stringValue, !text.isEmpty, text.count <= FirebaseIdpConfigLimits.text else {
                throw invalid("must be a non-empty string of at most \(FirebaseIdpConfigLimits.text) characters")
            }
            if value == .url, !Self.isURL(text) { throw invalid("must be an http or https URL") }
        case .certificates:
            guard let list = json.arrayValue, (1...FirebaseIdpConfigLimits.certificates).contains(list.count) else {
                throw invalid("must list 1 to \(FirebaseIdpConfigLimits.certificates) certificates")
            }
            for entry in list {
                guard let pem = entry.objectValue?["x509Certificate"]?.stringValue, !pem.isEmpty,
                    pem.utf8.count <= FirebaseIdpConfigLimits.certificateBytes
                else {
                    throw invalid("needs an x509Certificate of at most \(FirebaseIdpConfigLimits.certificateBytes) bytes in each entry")
                }
            }
            return .array(list.map { .object(["x509Certificate": $0.objectValue?["x509Certificate"] ?? .null]) })
        }
        return json
    }

    private func invalid(_ detail: String) -> FirebaseFailure { .code("INVALID_CONFIG", "\(path) \(detail)") }

    private static func isURL(_ text: String) -> Bool {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty else { return false }
        return scheme == "https" || scheme == "http"
    }
}
