import AuthJWT
import Foundation

/// One row of GoTrue's `auth.users` or `auth.identities`, as JSON (`row_to_json`: typed values,
/// `jsonb` columns as objects) or CSV (every value text, `jsonb` as its text, booleans `t`/`f`).
/// Column names are GoTrue's (GoTrue `migrations/`).
struct GoTrueRow: Sendable, Hashable {
    let values: JSONObject
    let file: String?
    let number: Int

    /// An error about this row.
    func error(_ message: String) -> UserSeedError { UserSeedError(message, file: file, row: number) }

    /// A text column; `nil` for `NULL` or a missing column.
    func text(_ column: String) throws(UserSeedError) -> String? {
        switch values[column] {
        case nil, .null?: return nil
        case .string(let text)?:
            guard text.utf8.count <= 4096 else { throw error("\(column) is longer than 4096 bytes") }
            return text
        default: throw error("\(column) must be text")
        }
    }

    /// A text column that must be there.
    func required(_ column: String) throws(UserSeedError) -> String {
        guard let text = try text(column), !text.isEmpty else { throw error("\(column) is missing") }
        return text
    }

    /// A `uuid` column, lowercased.
    func uuid(_ column: String) throws(UserSeedError) -> String {
        let text = try required(column).lowercased()
        guard UUID(uuidString: text) != nil else { throw error("\(column) is not a UUID") }
        return text
    }

    /// A `timestamptz` column.
    func time(_ column: String) throws(UserSeedError) -> Date? {
        guard let text = try text(column), !text.isEmpty else { return nil }
        guard let date = PostgresTimestamp.parse(text) else { throw error("\(column) is not a timestamp") }
        return date
    }

    /// A `jsonb` column holding an object.
    func object(_ column: String) throws(UserSeedError) -> JSONObject? {
        switch values[column] {
        case nil, .null?: return nil
        case .object(let object)?: return object
        case .string(let text)?:
            guard text.utf8.count <= 64 * 1024, let object = try? StrictJSONParser.parseObject(Array(text.utf8)) else {
                throw error("\(column) is not a JSON object")
            }
            return object
        default: throw error("\(column) is not a JSON object")
        }
    }

    /// A `boolean` column.
    func bool(_ column: String) throws(UserSeedError) -> Bool? {
        switch values[column] {
        case nil, .null?: return nil
        case .bool(let value)?: return value
        case .string(let text)?:
            switch text.lowercased() {
            case "t", "true": return true
            case "f", "false": return false
            default: throw error("\(column) is not a boolean")
            }
        default: throw error("\(column) is not a boolean")
        }
    }
}
