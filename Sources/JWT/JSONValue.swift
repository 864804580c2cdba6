/// A JSON value that keeps object key order, for claims, headers and free-form metadata.
///
/// Parse untrusted text with ``StrictJSONParser`` (duplicate keys refused); write with
/// ``serialized()``.
public enum JSONValue: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number without fraction or exponent that fits in 64 bits.
    case int(Int64)
    /// Any other number.
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, in key order.
    case object(JSONObject)

    /// The string, when this is a string.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The number as an integer, when this is an integer (or a double with no fraction).
    public var intValue: Int64? {
        switch self {
        case .int(let value): value
        case .double(let value) where value.rounded() == value && abs(value) < 9.0e18: Int64(value)
        default: nil
        }
    }

    /// The number, when this is a number.
    public var doubleValue: Double? {
        switch self {
        case .int(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }

    /// The boolean, when this is a boolean.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The object, when this is an object.
    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The array, when this is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }
}

/// A JSON object that keeps the order in which keys were added or parsed.
public struct JSONObject: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
    /// One key and its value.
    public struct Entry: Hashable, Sendable {
        /// The key.
        public var key: String
        /// The value.
        public var value: JSONValue
    }

    /// The entries, in order.
    public private(set) var entries: [Entry]

    /// Creates an empty object.
    public init() { entries = [] }

    /// Creates an object from a literal. As with `Dictionary` literals, keys must be distinct.
    /// - Parameter elements: Keys and values in order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        entries = elements.map { Entry(key: $0.0, value: $0.1) }
        assert(Set(entries.map(\.key)).count == entries.count, "duplicate key in a JSONObject literal")
    }

    /// Creates an empty object with room for `capacity` keys.
    /// - Parameter capacity: The expected number of keys.
    public init(capacity: Int) {
        entries = []
        entries.reserveCapacity(capacity)
    }

    /// Adds a key known not to be present yet (no search: for building objects).
    /// - Parameters:
    ///   - key: A key not in the object.
    ///   - value: Its value; `nil` adds nothing.
    public mutating func append(_ key: String, _ value: JSONValue?) {
        guard let value else { return }
        assert(self[key] == nil, "append of a key already present: \(key)")
        entries.append(Entry(key: key, value: value))
    }

    init(uniqueEntries: [Entry]) { entries = uniqueEntries }

    /// The value for a key; setting `nil` removes the key.
    public subscript(key: String) -> JSONValue? {
        get {
            for entry in entries where entry.key == key { return entry.value }
            return nil
        }
        set {
            if let index = entries.firstIndex(where: { $0.key == key }) {
                if let newValue { entries[index].value = newValue } else { entries.remove(at: index) }
            } else if let newValue {
                entries.append(Entry(key: key, value: newValue))
            }
        }
    }

    /// The keys, in order.
    public var keys: [String] { entries.map(\.key) }

    /// The number of keys.
    public var count: Int { entries.count }

    /// Whether the object has no keys.
    public var isEmpty: Bool { entries.isEmpty }

    /// Iterates the entries in order.
    /// - Returns: An iterator over the entries.
    public func makeIterator() -> IndexingIterator<[Entry]> { entries.makeIterator() }

    /// Copies `other` over this object: its keys replace or are added; a `null` value removes
    /// the key (Supabase's `user_metadata` merge rule).
    /// - Parameter other: The keys to merge in.
    /// - Returns: The merged object.
    public func merging(_ other: JSONObject) -> JSONObject {
        var merged = self
        merged.merge(other)
        return merged
    }

    /// Merges `other` into this object in place, as ``merging(_:)`` does.
    /// - Parameter other: The entries to merge; `null` removes a key.
    public mutating func merge(_ other: JSONObject) {
        for entry in other.entries {
            self[entry.key] = entry.value == .null ? nil : entry.value
        }
    }
}
