import GRDB

/// An `UPDATE` of only the columns whose values changed. SQLite rewrites the entries of every
/// index on a column named in the `SET` list, even when the value stays the same
/// (https://sqlite.org/lang_update.html; `EXPLAIN` shows the `IdxDelete`), so a returning sign-in
/// that sets a user's unchanged email and creation time pays for two index rewrites it does not need.
struct SQLiteChangedColumns {
    /// The table.
    var table: String
    /// Its columns, in the order of the values.
    var columns: [String]
    /// The key column (`WHERE key = ?`).
    var key: String

    /// The statement and its arguments.
    /// - Parameters:
    ///   - old: The row's values as stored, in the order of ``columns``.
    ///   - new: Its new values.
    ///   - id: The row's key.
    /// - Returns: `nil` when no value changed.
    func update(from old: [DatabaseValue], to new: [DatabaseValue], id: String) -> (sql: String, arguments: StatementArguments)? {
        var assignments: [String] = []
        var values: [DatabaseValue] = []
        for (index, column) in columns.enumerated() where old[index] != new[index] {
            assignments.append("\(column) = ?")
            values.append(new[index])
        }
        guard !assignments.isEmpty else { return nil }
        let sql = "UPDATE \(table) SET \(assignments.joined(separator: ", ")) WHERE \(key) = ?"
        return (sql, StatementArguments(values + [id.databaseValue]))
    }
}
