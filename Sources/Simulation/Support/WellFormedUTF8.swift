/// Text from bytes only when they are well-formed UTF-8 (`String(validating:as:)` needs iOS 18,
/// and `String(decoding:as:)` repairs instead of refusing).
enum WellFormedUTF8 {
    /// The text of `bytes`, or `nil` when they are not well-formed UTF-8.
    /// - Parameter bytes: The bytes.
    /// - Returns: The text, or `nil`.
    static func string(_ bytes: [UInt8]) -> String? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return String(decoding: bytes, as: UTF8.self)
            case .error: return nil
            }
        }
    }
}
