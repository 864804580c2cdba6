import AuthSimulation
import AuthTestSupport
import Foundation
import Testing

@testable import AuthSimulationSQLite

/// The WAL is copied into the database file by a connection and thread of their own
/// (`SQLiteWALCheckpointer`), not inside a writer's commit; the WAL is then reset and reused, so it
/// stays bounded, and nothing committed is lost (https://sqlite.org/wal.html, "Checkpointing").
@Suite("SQLite storage: checkpoints off the writer")
struct WALCheckpointerTests {
    @Test("past the threshold the WAL is checkpointed in the background and reset while commits go on; every row reads back")
    func backgroundCheckpoints() async throws {
        let directory = TemporaryDirectory()
        let path = directory.url.appendingPathComponent("auth.sqlite3").path
        let storage = try SQLiteSimulationStorage.open(path: path, logger: .quiet, readOnly: false, checkpointThreshold: 64)
        var commits = 0
        func commit() throws {
            try storage.update { rows in
                rows.mailbox.deliver(
                    MailMessage(code: "\(commits)", kind: "magiclink", sender: "supabase", sentAt: Fixture.at(Double(commits))),
                    to: "r\(commits)@example.com", keepingAtMost: 10)
            }
            commits += 1
        }
        // A burst of commits, then more (with pauses, as a server's load comes) until the WAL has been reset twice.
        for _ in 0..<500 { try commit() }
        let deadline = ContinuousClock.now + .seconds(120)
        while storage.checkpointCounts.resets < 2 && ContinuousClock.now < deadline {
            try commit()
            try await Task.sleep(for: .milliseconds(2))
        }
        #expect(storage.checkpointCounts.background > 0)
        #expect(storage.checkpointCounts.resets >= 2, "the WAL was reset and reused after background checkpoints")
        try storage.close()

        let reopened = try SQLiteSimulationStorage.open(path: path, logger: .quiet)
        for index in [0, commits / 2, commits - 1] {
            #expect(try reopened.fetch { rows in rows.mailbox.messages(for: "r\(index)@example.com").map(\.code) } == ["\(index)"])
        }
        try reopened.close()
    }
}
