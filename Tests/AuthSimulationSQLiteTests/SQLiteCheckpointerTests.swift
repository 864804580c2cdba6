import AuthSimulation
import AuthSimulationSQLite
import AuthTestSupport
import Foundation
import Testing

/// The WAL is copied into the database file on a connection of its own (SQLite's `PASSIVE`
/// checkpoint, https://sqlite.org/c3ref/wal_checkpoint_v2.html), not in the writer's commits;
/// nothing committed is lost whoever copies it.
@Suite("SQLite storage: checkpoints off the writer")
struct SQLiteCheckpointerTests {
    private func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }

    @Test("past 5,000 WAL frames the pages reach the database file in the background, the writer's commits never checkpoint")
    func background() async throws {
        let directory = TemporaryDirectory()
        let path = directory.url.appendingPathComponent("auth.sqlite3").path
        let storage = try SQLiteSimulationStorage.open(path: path, logger: .quiet)
        let before = size(path)
        let users = (0..<2500).map { Fixture.user(email: "user\($0)@example.com") }
        for user in users { try storage.update { $0.supabase.save(user) } }
        // Each commit writes about four pages (the row and the entries of three indexes): 2,500
        // make over 5,000 frames and under the 20,000 at which the writer would checkpoint itself.
        // Wait for the checkpoint that was asked for.
        let deadline = ContinuousClock.now + .seconds(30)
        while storage.checkpointCounts.background == 0, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        #expect(storage.checkpointCounts.background >= 1)
        #expect(storage.checkpointCounts.inline == 0)
        #expect(size(path) > before, "the users' pages are in the database file, not only in the WAL")
        try storage.close()

        let reopened = try SQLiteSimulationStorage.open(path: path, logger: .quiet)
        #expect(try reopened.fetch { $0.supabase.userCount() } == users.count)
        #expect(try reopened.fetch { rows in users.allSatisfy { rows.supabase.user($0.id) == $0 } })
        try reopened.close()
        #expect(size(path + "-wal") == 0, "close still leaves the WAL empty")
    }

    @Test("a CLI command's one connection leaves checkpoints to SQLite")
    func oneConnection() throws {
        let directory = TemporaryDirectory()
        let path = directory.url.appendingPathComponent("auth.sqlite3").path
        let storage = try SQLiteSimulationStorage.open(path: path, logger: .quiet, oneConnection: true)
        for index in 0..<50 { try storage.update { $0.supabase.save(Fixture.user(email: "user\(index)@example.com")) } }
        #expect(storage.checkpointCounts == .init())
        try storage.close()
    }
}
