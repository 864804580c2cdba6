import Foundation
import GRDB

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Retries what SQLite refuses with `SQLITE_BUSY` without calling the busy handler: turning a new
/// file to WAL mode. `PRAGMA journal_mode = WAL` reads the file's first page (a read transaction)
/// and then upgrades to a write; when another connection is already writing, that upgrade fails at
/// once instead of waiting, since waiting could deadlock (`sqlite3BtreeBeginTrans` only invokes the
/// busy handler for a connection with no transaction open). Two processes, or two storages of one
/// process, that open the same new file at once meet it: the loser retries until the other is
/// done, within a deadline.
enum SQLiteBusyRetry {
    /// How long a refused open is retried: as long as the busy handler waits for a lock.
    static let deadline: Duration = .seconds(10)

    /// Runs `body`, and again after a pause (100 µs, doubling up to 10 ms) while it fails with
    /// `SQLITE_BUSY` and the deadline has not passed.
    /// - Parameters:
    ///   - deadline: How long to keep trying.
    ///   - body: What to run.
    /// - Returns: What `body` returned.
    /// - Throws: `body`'s last error.
    static func run<Result>(deadline: Duration = deadline, _ body: () throws -> Result) throws -> Result {
        let end = ContinuousClock.now + deadline
        var pause: UInt32 = 100
        while true {
            do {
                return try body()
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && ContinuousClock.now < end {
                usleep(pause)
                pause = min(pause * 2, 10_000)
            }
        }
    }
}
