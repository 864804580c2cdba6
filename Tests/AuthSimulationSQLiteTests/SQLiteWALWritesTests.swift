import AuthSimulation
import AuthSimulationSQLite
import AuthTestSupport
import Foundation
import GRDB
import Testing

/// The VFS that writes each commit's WAL frames in runs instead of two writes each (`SQLiteWALWrites`). SQLite's WAL format
/// (https://sqlite.org/fileformat2.html#walformat) and its readers must see exactly what SQLite
/// wrote: every commit readable by another connection the moment it returns, every large
/// transaction intact, the file recoverable after it is closed.
@Suite("SQLite storage: each commit's WAL frames in runs of up to 128 KiB")
struct SQLiteWALWritesTests {
    @Test("another connection reads every commit the moment it returns, and the writes were merged")
    func readersSeeEachCommit() throws {
        let directory = TemporaryDirectory()
        let path = directory.url.appendingPathComponent("auth.sqlite3").path
        let before = SQLiteWALWrites.counts
        let storage = try SQLiteSimulationStorage.open(path: path, logger: .quiet)
        // Each save is a commit of a few frames (the user's row and its indexes' entries), read
        // back at once on a reader connection: a frame still in memory would read as what the
        // file held before (nothing, or an older page), and the user would be missing or damaged.
        for index in 0..<2_000 {
            let user = Fixture.user(email: "user\(index)@example.com")
            try storage.update { $0.supabase.save(user) }
            #expect(try storage.fetch { $0.supabase.user(user.id) } == user)
        }
        try storage.close()
        let after = SQLiteWALWrites.counts
        // Counted over the whole process (other suites' connections too): every commit of more
        // than one frame asks for at least four writes and makes one.
        #expect(after.made - before.made < (after.asked - before.asked) / 2)
    }

    @Test("a transaction larger than what is kept in memory, and one rolled back, leave a sound file")
    func largeTransactions() throws {
        let directory = TemporaryDirectory()
        let path = directory.url.appendingPathComponent("big.sqlite3").path
        SQLiteWALWrites.install()
        var configuration = Configuration()
        // The frames stay in the WAL (no automatic checkpoint), for the copy below.
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA wal_autocheckpoint = 0") }
        let pool = try DatabasePool(path: path, configuration: configuration)
        let blob = Data(repeating: 0xA5, count: 100_000)
        try pool.write { db in
            try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, body BLOB NOT NULL)")
            // About 6 MB in one transaction: many 128 KiB runs, and past SQLite's page cache
            // (2 MiB by default), so that SQLite writes frames before the commit as well.
            for id in 0..<60 { try db.execute(sql: "INSERT INTO t (id, body) VALUES (?, ?)", arguments: [id, blob]) }
        }
        #expect(throws: (any Error).self) {
            try pool.write { db in
                for id in 60..<120 { try db.execute(sql: "INSERT INTO t (id, body) VALUES (?, ?)", arguments: [id, blob]) }
                throw CancellationError()
            }
        }
        // Frames rewritten in place: one page changed many times in one transaction.
        try pool.write { db in
            for round in 0..<500 {
                try db.execute(sql: "UPDATE t SET body = ? WHERE id = 0", arguments: [Data(repeating: UInt8(round % 256), count: 100)])
            }
        }
        #expect(try pool.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM t") } == 60)
        #expect(try pool.read { try Data.fetchOne($0, sql: "SELECT body FROM t WHERE id = 59") } == blob)
        // A copy of the files as they are now, the way a process killed here would leave them: a
        // connection to the copy rebuilds the WAL index from the WAL file alone (its checksums,
        // salts and commit frames), so every committed frame must be in that file.
        let copy = directory.url.appendingPathComponent("copy.sqlite3").path
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        try FileManager.default.copyItem(atPath: path + "-wal", toPath: copy + "-wal")
        #expect(((try FileManager.default.attributesOfItem(atPath: copy + "-wal"))[.size] as? NSNumber)?.intValue ?? 0 > 6_000_000)
        try pool.close()
        let reopened = try DatabaseQueue(path: copy)
        #expect(try reopened.read { try String.fetchOne($0, sql: "PRAGMA integrity_check") } == "ok")
        let last = Data(repeating: UInt8(499 % 256), count: 100)
        #expect(try reopened.read { try Data.fetchOne($0, sql: "SELECT body FROM t WHERE id = 0") } == last)
        #expect(try reopened.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM t") } == 60)
        try reopened.close()
    }
}
