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

    @Test("past 20,000 WAL frames the pages reach the database file in the background, the writer's commits never checkpoint")
    func background() async throws {
        let directory = TemporaryDirectory()
        let path = directory.url.appendingPathComponent("auth.sqlite3").path
        let storage = try SQLiteSimulationStorage.open(path: path, logger: .quiet)
        let before = size(path)
        // Each commit writes a few pages (the row and the entries of three indexes). Users are
        // added in batches until the checkpoint the writer asked for (past 20,000 frames) has run:
        // a batch adds far fewer frames than the 20,000 between that and the writer's own.
        var users: [SupabaseUserRecord] = []
        let deadline = ContinuousClock.now + .seconds(60)
        while storage.checkpointCounts.background == 0, users.count < 20_000, ContinuousClock.now < deadline {
            let batch = (users.count..<users.count + 250).map { Fixture.user(email: "user\($0)@example.com") }
            for user in batch { try storage.update { $0.supabase.save(user) } }
            users += batch
            try await Task.sleep(for: .milliseconds(1))
        }
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

    @Test("under a steady stream of commits the WAL restarts long before the writer's own bound of 40,000 frames")
    func restartsUnderLoad() throws {
        let directory = TemporaryDirectory()
        let path = directory.url.appendingPathComponent("auth.sqlite3").path
        let storage = try SQLiteSimulationStorage.open(path: path, logger: .quiet)
        // Commits one after another, with no pause: a background checkpoint never finds every
        // frame copied (the writer appended while it ran), so the WAL would grow to the writer's
        // bound unless the writer copies what the background left. A restart shows as a commit
        // after which the WAL holds fewer frames than after the one before.
        var (largest, previous, restarted, index) = (0, 0, false, 0)
        let deadline = ContinuousClock.now + .seconds(120)
        while !restarted, index < 40_000, ContinuousClock.now < deadline {
            try storage.update { $0.supabase.save(Fixture.user(email: "user\(index)@example.com")) }
            index += 1
            let frames = storage.walFrames
            restarted = frames < previous
            (largest, previous) = (max(largest, frames), frames)
        }
        let counts = storage.checkpointCounts
        #expect(restarted, "the WAL restarted (\(largest) frames at most, \(counts))")
        #expect(largest < 40_000, "before the writer's bound (\(counts))")
        #expect(counts.background >= 1)
        #expect(counts.inline == 0)
        try storage.close()
        let reopened = try SQLiteSimulationStorage.open(path: path, logger: .quiet)
        #expect(try reopened.fetch { $0.supabase.userCount() } == index)
        try reopened.close()
    }

    @Test("a CLI command's one connection leaves checkpoints to SQLite, which still makes them")
    func oneConnection() throws {
        let directory = TemporaryDirectory()
        let path = directory.url.appendingPathComponent("auth.sqlite3").path
        let storage = try SQLiteSimulationStorage.open(path: path, logger: .quiet, oneConnection: true)
        let before = size(path)
        // Past SQLite's own `wal_autocheckpoint` (10,000 frames) the pages reach the database
        // file; a checkpointer on this connection would have taken them over and counted them.
        var count = 0
        while size(path) == before, count < 20_000 {
            for index in count..<count + 250 { try storage.update { $0.supabase.save(Fixture.user(email: "user\(index)@example.com")) } }
            count += 250
        }
        #expect(size(path) > before, "SQLite checkpointed")
        #expect(storage.checkpointCounts == .init())
        try storage.close()
    }
}
