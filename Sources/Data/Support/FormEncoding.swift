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
    /// - Returns: The fields, or `nil` when an escape is malformed or a value is not UTF-8.
    package static func decode(_ text: String) -> [String: String]? {
        var fields: [String: String] = [:]
        for pair in text.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let equals = pair.firstIndex(of: UInt8(ascii: "="))
            guard let name = unescape(pair[..<(equals ?? pair.endIndex)]) else { return nil }
            let value = equals.map { unescape(pair[pair.index(after: $0)...]) } ?? ""
            guard let value else { return nil }
            fields[name] = value
        }
        return fields
    }

    /// Decodes `+` and `%XX` escapes without Foundation (this runs for every request the
    /// emulator answers).
    /// - Parameter bytes: The escaped text.
    /// - Returns: The text, or `nil` for a malformed escape or invalid UTF-8.
    package static func unescape(_ bytes: Substring.UTF8View.SubSequence) -> String? {
        guard bytes.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) else {
            return String(Substring(bytes))
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "+") {
                output.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%") {
                let high = bytes.index(after: index)
                guard high < bytes.endIndex else { return nil }
                let low = bytes.index(after: high)
                guard low < bytes.endIndex, let h = hexValue(bytes[high]), let l = hexValue(bytes[low]) else { return nil }
                output.append(h << 4 | l)
                index = low
            } else {
                output.append(byte)
            }
            index = bytes.index(after: index)
        }
        let text = String(decoding: output, as: UTF8.self)
        return text.utf8.elementsEqual(output) ? text : nil
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

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
