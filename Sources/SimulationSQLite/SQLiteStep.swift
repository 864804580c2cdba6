import AuthJWT
import AuthSimulation
import Foundation
import GRDB
import GRDBSQLite

/// One storage step on the database: the connection it runs on and the first failure it met.
///
/// The rows' operations do not throw (the rules read and write as if rows were values): a
/// failure is recorded here, later operations of the step do nothing, and the step is rolled
/// back and reported as ``SimulationStorageError`` when it ends.
final class SQLiteStep {
    let db: Database
    private(set) var failure: (any Error)?

    init(db: Database) { self.db = db }

    /// Runs a database operation, or returns `fallback` once the step has failed.
    func run<Value>(_ fallback: @autoclosure () -> Value, _ body: (Database) throws -> Value) -> Value {
        guard failure == nil else { return fallback() }
        do {
            return try body(db)
        } catch {
            failure = error
            return fallback()
        }
    }

    /// Executes a cached statement.
    func execute(_ sql: String, _ arguments: StatementArguments) {
        run(()) { db in try each(db, sql, arguments) { _ in true } }
    }

    /// The first row of a cached query.
    func row(_ sql: String, _ arguments: StatementArguments) -> StepRow? {
        run(nil) { db in
            var first: StepRow?
            try each(db, sql, arguments) { statement in
                first = StepRow(statement, step: self)
                return false
            }
            return first
        }
    }

    /// Every row of a cached query.
    func rows(_ sql: String, _ arguments: StatementArguments) -> [StepRow] {
        run([]) { db in
            var rows: [StepRow] = []
            try each(db, sql, arguments) { statement in
                rows.append(StepRow(statement, step: self))
                return true
            }
            return rows
        }
    }

    /// The first column of every row of a cached query, as text.
    func strings(_ sql: String, _ arguments: StatementArguments) -> [String] {
        rows(sql, arguments).map { $0[0] }
    }

    /// The first column of the first row of a cached query, as text.
    func string(_ sql: String, _ arguments: StatementArguments) -> String? {
        row(sql, arguments).flatMap { $0[0] }
    }

    /// The first column of the first row of a cached query, as an integer.
    func integer(_ sql: String, _ arguments: StatementArguments) -> Int64? {
        row(sql, arguments).flatMap { $0[0] }
    }

    /// Runs a cached statement with its arguments, handing each row to `body` until it returns `false`.
    ///
    /// SQLite's own calls, on the statement GRDB prepared and keeps: what GRDB's `execute` and `fetch` add
    /// around them (the values of each row copied with its column names, observation and region bookkeeping,
    /// nested closures for the bindings) cost about 40 µs of CPU per durable sign-in, a sixth of what the
    /// storage cost it (Docs/Performance.md). Steps run inside the writer's transaction or a read, never
    /// `BEGIN`, `COMMIT` or a savepoint, which go through GRDB.
    private func each(_ db: Database, _ sql: String, _ arguments: StatementArguments, _ body: (Statement) -> Bool) throws {
        let statement = try db.cachedStatement(sql: sql)
        #if DEBUG
            try statement.validateArguments(arguments)
        #endif
        statement.setUncheckedArguments(arguments)
        let handle = statement.sqliteStatement
        // Reset at once, whatever happened: the next use binds afresh, and a read left open would
        // keep its snapshot.
        defer { sqlite3_reset(handle) }
        while true {
            let code = sqlite3_step(handle)
            switch code {
            case SQLITE_ROW: if !body(statement) { return }
            case SQLITE_DONE: return
            default:
                throw DatabaseError(
                    resultCode: ResultCode(rawValue: sqlite3_extended_errcode(db.sqliteConnection)),
                    message: db.sqliteConnection.map { String(cString: sqlite3_errmsg($0)) }, sql: sql)
            }
        }
    }
}

extension SQLiteStep {
    /// A column whose value the rows cannot read (edited by hand into something else).
    struct UnreadableColumn: Error, CustomStringConvertible {
        var column: String
        var description: String { "\(column) holds a value that is not what the emulator wrote" }
    }

    /// A stored time (RFC 3339, UTC); an unreadable one fails the step.
    func date(_ text: String, _ column: String) -> Date {
        if let date = RFC3339.parse(text) { return date }
        fail(UnreadableColumn(column: column))
        return Date(timeIntervalSince1970: 0)
    }

    /// A stored time or `NULL`.
    func optionalDate(_ text: String?, _ column: String) -> Date? { text.map { date($0, column) } }

    /// A stored JSON object; an unreadable one fails the step.
    func object(_ text: String, _ column: String) -> JSONObject {
        if let object = try? StrictJSONParser.parseObject(Array(text.utf8)) { return object }
        fail(UnreadableColumn(column: column))
        return [:]
    }

    /// Records a failure (the first one counts).
    func fail(_ error: any Error) { run(()) { _ in throw error } }
}

/// How values are written to columns.
enum Column {
    /// A time as stored: RFC 3339, UTC, microseconds.
    static func text(_ date: Date) -> String { RFC3339.format(date) }
    /// A time or `NULL`.
    static func text(_ date: Date?) -> String? { date.map(RFC3339.format) }
    /// A JSON object as text.
    static func text(_ object: JSONObject) -> String { JSONValue.object(object).jsonString }
}
