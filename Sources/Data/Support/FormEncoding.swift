import Foundation

/// `application/x-www-form-urlencoded`, as used by Apple's token endpoints, Firebase's
/// `postBody` and the Secure Token API.
package enum FormEncoding {
    private static let unreserved: CharacterSet = {
        var set = CharacterSet.alphanumerics
        set.insert(charactersIn: "-._*")
        return set
    }()

    /// Encodes fields in order.
    /// - Parameter fields: Names and values.
    /// - Returns: `a=1&b=2`, with spaces as `+` and everything else outside `A-Za-z0-9-._*`
    ///   percent-encoded.
    package static func encode(_ fields: [(String, String)]) -> String {
        fields.map { escape($0.0) + "=" + escape($0.1) }.joined(separator: "&")
    }

    /// Decodes a form; a later duplicate name wins.
    /// - Parameter text: The form text.
    /// - Returns: The fields, or `nil` when an escape is malformed.
    package static func decode(_ text: String) -> [String: String]? {
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = unescape(parts[0]) else { return nil }
            let value = parts.count > 1 ? unescape(parts[1]) : ""
            guard let value else { return nil }
            fields[name] = value
        }
        return fields
    }

    private static func escape(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            if scalar == " " {
                output.append("+")
            } else if unreserved.contains(scalar), scalar.isASCII {
                output.unicodeScalars.append(scalar)
            } else {
                for byte in String(scalar).utf8 { output += String(format: "%%%02X", byte) }
            }
        }
        return output
    }

    private static func unescape(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
