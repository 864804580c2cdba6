/// Why the strict CBOR decoder refused its input. Every case carries the byte offset of the item
/// at fault, and never the input's bytes (they may hold keys or signatures).
public struct CBORError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong.
    public enum Reason: String, Sendable, Hashable {
        /// The input ended inside an item.
        case truncated = "input ends inside an item"
        /// An indefinite-length string, array or map, or a lone "break" (additional info 31).
        case indefiniteLength = "indefinite length is not allowed"
        /// Additional information 28-30, which RFC 8949 reserves.
        case reservedAdditionalInfo = "reserved additional information (28-30)"
        /// An argument (integer, length or tag) not in its shortest form.
        case nonShortestEncoding = "argument not in its shortest form"
        /// The same key twice in one map.
        case duplicateMapKey = "duplicate map key"
        /// A text string that is not valid UTF-8.
        case invalidUTF8 = "text string is not valid UTF-8"
        /// Nesting deeper than the decoder's limit.
        case tooDeep = "nesting deeper than the limit"
        /// Input longer than the decoder's limit.
        case tooLarge = "input larger than the limit"
        /// A length or count larger than the bytes left.
        case lengthExceedsInput = "length larger than the bytes left"
        /// Bytes after the single top-level item.
        case trailingBytes = "bytes after the item"
        /// A tag, where the rules forbid tags.
        case tagNotAllowed = "tags are not allowed"
        /// A two-byte simple value below 32 (RFC 8949 section 3.3).
        case invalidSimpleValue = "simple value below 32 in two bytes"
    }

    /// What was wrong.
    public var reason: Reason
    /// The byte offset of the item at fault.
    public var offset: Int

    /// Makes an error.
    /// - Parameters:
    ///   - reason: What was wrong.
    ///   - offset: The byte offset of the item at fault.
    public init(_ reason: Reason, at offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    /// The reason and the offset, for developers.
    public var description: String { "CBOR: \(reason.rawValue) at byte \(offset)" }
}
