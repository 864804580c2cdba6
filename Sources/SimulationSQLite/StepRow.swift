import Foundation
import GRDB
import GRDBSQLite

/// One row a step read: its columns' values, copied out of the statement.
///
/// Read a column by its index with the type it holds (`let email: String = row[0]`, `row[1] as String?`).
/// A value that is not of that type (a column edited by hand into something else) fails the step that read
/// it (``SQLiteStep/UnreadableColumn``, naming the column), and reads as an empty value; it never stops the
/// process, where GRDB's `Row` would.
struct StepRow {
    private let values: [StepValue]
    /// The statement's column names (GRDB reads them once per statement), for a failure's message.
    private let names: [String]
    private let step: SQLiteStep

    /// Copies the current row of a statement that has just stepped to it.
    init(_ statement: Statement, step: SQLiteStep) {
        let handle = statement.sqliteStatement
        let count = sqlite3_column_count(handle)
        var values: [StepValue] = []
        values.reserveCapacity(Int(count))
        for index in 0..<count { values.append(StepValue(handle, column: index)) }
        self.values = values
        names = statement.columnNames
        self.step = step
    }

    subscript<Value: StepColumnValue>(_ index: Int) -> Value {
        if let value = Value(values[index]) { return value }
        step.fail(SQLiteStep.UnreadableColumn(column: names[index]))
        return Value.unreadable
    }
}

/// A column's value as SQLite stores it.
enum StepValue {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    /// The value of a column of a statement's current row.
    init(_ statement: OpaquePointer, column index: Int32) {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_NULL: self = .null
        case SQLITE_INTEGER: self = .integer(sqlite3_column_int64(statement, index))
        case SQLITE_FLOAT: self = .real(sqlite3_column_double(statement, index))
        case SQLITE_BLOB:
            // The length after the pointer: asking for the pointer can change what the length is.
            let bytes = sqlite3_column_blob(statement, index)
            let count = Int(sqlite3_column_bytes(statement, index))
            guard let bytes, count > 0 else {
                self = .blob([])
                return
            }
            self = .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default: self = .text(Self.text(statement, column: index))
        }
    }

    /// A text column of a statement's current row, as UTF-8.
    static func text(_ statement: OpaquePointer, column index: Int32) -> String {
        guard let text = sqlite3_column_text(statement, index) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(statement, index))), as: UTF8.self)
    }
}

/// A type a column can be read as, with the conversions GRDB's `DatabaseValueConvertible` makes for it.
protocol StepColumnValue {
    /// The value, or `nil` when the column holds something this type cannot be read from.
    init?(_ value: StepValue)
    /// What a column that cannot be read as this type reads as (its step has failed).
    static var unreadable: Self { get }
}

extension String: StepColumnValue {
    init?(_ value: StepValue) {
        switch value {
        case .text(let text): self = text
        case .blob(let bytes): self.init(validating: bytes, as: UTF8.self)
        default: return nil
        }
    }
    static var unreadable: String { "" }
}

extension Int64: StepColumnValue {
    init?(_ value: StepValue) {
        switch value {
        case .integer(let integer): self = integer
        case .real(let real): self.init(exactly: real)
        default: return nil
        }
    }
    static var unreadable: Int64 { 0 }
}

extension Int: StepColumnValue {
    init?(_ value: StepValue) {
        guard let integer = Int64(value) else { return nil }
        self.init(exactly: integer)
    }
    static var unreadable: Int { 0 }
}

extension Double: StepColumnValue {
    init?(_ value: StepValue) {
        switch value {
        case .integer(let integer): self = Double(integer)
        case .real(let real): self = real
        default: return nil
        }
    }
    static var unreadable: Double { 0 }
}

extension Bool: StepColumnValue {
    init?(_ value: StepValue) {
        switch value {
        case .integer(let integer): self = integer != 0
        case .real(let real): self = real != 0
        default: return nil
        }
    }
    static var unreadable: Bool { false }
}

extension Array: StepColumnValue where Element == UInt8 {
    init?(_ value: StepValue) {
        switch value {
        case .blob(let bytes): self = bytes
        case .text(let text): self = Array(text.utf8)
        default: return nil
        }
    }
    static var unreadable: [UInt8] { [] }
}

extension Data: StepColumnValue {
    init?(_ value: StepValue) {
        guard let bytes = [UInt8](value) else { return nil }
        self.init(bytes)
    }
    static var unreadable: Data { Data() }
}

extension Optional: StepColumnValue where Wrapped: StepColumnValue {
    init?(_ value: StepValue) {
        if case .null = value {
            self = .none
            return
        }
        guard let wrapped = Wrapped(value) else { return nil }
        self = .some(wrapped)
    }
    static var unreadable: Wrapped? { nil }
}
