/// Text from bytes only when they are well-formed UTF-8. `String(validating:as:)` does this but
/// needs iOS 18; `String(decoding:as:)` replaces every ill-formed sequence with U+FFFD, so the
/// bytes were well-formed exactly when the decoded text encodes back to them.
package enum WellFormedUTF8 {
    /// The text of `bytes`, or `nil` when they are not well-formed UTF-8.
    /// - Parameter bytes: The bytes.
    /// - Returns: The text, or `nil`.
    package static func string(_ bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.utf8.elementsEqual(bytes) ? text : nil
    }
}
