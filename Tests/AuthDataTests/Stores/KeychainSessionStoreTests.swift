import AuthData
import AuthDomain
import AuthTestSupport
import Foundation
import Testing

/// What ``KeychainSessionStore`` does around the Keychain's answers, beyond the store contract:
/// the status codes are Security's (`SecBase.h`), answered by an in-memory item.
@Suite("Keychain session store")
struct KeychainSessionStoreTests {
    private struct SUT {
        let store: KeychainSessionStore
        let item: InMemoryKeychainItem
        let log: LogCapture
    }

    private func makeSUT() -> SUT {
        let item = InMemoryKeychainItem()
        let log = LogCapture()
        return SUT(store: KeychainSessionStore(item: item, logger: log.logger), item: item, log: log)
    }

    @Test("an undecodable item reads as signed out with a warning, and stays until the next save")
    func undecodableItem() async throws {
        let sut = makeSUT()
        sut.item.data = Data("{\"version\":1,\"stored\":{\"session\":".utf8)
        #expect(try await sut.store.load() == nil)
        #expect(sut.log.warnings.count == 1)
        #expect(sut.log.warnings.first?.message.contains("treating as signed out") == true)
        #expect(sut.item.data != nil)
        let stored = SessionFixtures.stored(suffix: "1")
        try await sut.store.save(stored)
        #expect(try await sut.store.load() == stored)
    }

    @Test("an item from a newer version reads as signed out with a warning")
    func newerVersion() async throws {
        let sut = makeSUT()
        try await sut.store.save(SessionFixtures.stored(suffix: "1"))
        let saved = try #require(sut.item.data)
        sut.item.data = Data(String(decoding: saved, as: UTF8.self).replacingOccurrences(of: "\"version\":1", with: "\"version\":7").utf8)
        #expect(try await sut.store.load() == nil)
        #expect(sut.log.warnings.first?.message.contains("unknown version 7") == true)
    }

    @Test("a locked Keychain is a storage error, never 'signed out', and the session survives it")
    func lockedDevice() async throws {
        let sut = makeSUT()
        let stored = SessionFixtures.stored(suffix: "1")
        try await sut.store.save(stored)
        sut.item.isLocked = true
        await #expect(throws: AuthError.self) { _ = try await sut.store.load() }
        await #expect(throws: AuthError.self) { try await sut.store.save(SessionFixtures.stored(suffix: "2")) }
        await #expect(throws: AuthError.self) { try await sut.store.delete() }
        do {
            _ = try await sut.store.load()
            Issue.record("a locked Keychain must not read as signed out")
        } catch {
            #expect(error.description.contains("locked"))
        }
        sut.item.isLocked = false
        #expect(try await sut.store.load() == stored)
    }

    @Test("a first save updates, finds nothing, then adds")
    func firstSaveAdds() async throws {
        let sut = makeSUT()
        try await sut.store.save(SessionFixtures.stored(suffix: "1"))
        #expect(sut.item.calls == ["update", "add"])
        try await sut.store.save(SessionFixtures.stored(suffix: "2"))
        #expect(sut.item.calls == ["update", "add", "update"])
    }

    @Test("an add that loses a race to another writer updates instead of failing")
    func addRace() async throws {
        let sut = makeSUT()
        sut.item.raceNextAdd()
        let stored = SessionFixtures.stored(suffix: "1")
        try await sut.store.save(stored)
        #expect(sut.item.calls == ["update", "add", "update"])
        #expect(try await sut.store.load() == stored)
    }

    @Test("two stores made for one item exclude each other; stores over other items do not wait for them")
    func crossInstanceExclusion() async throws {
        let sut = makeSUT()
        let other = KeychainSessionStore(item: sut.item, logger: LogCapture().logger)
        let occupancy = try await Occupancy.alternating(sut.store, other)
        #expect(occupancy.maximum == 1)
        #expect(occupancy.visits == 10)

        let apart = Occupancy()
        try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<10 {
                let store = KeychainSessionStore(item: InMemoryKeychainItem(), logger: LogCapture().logger)
                group.addTask { try await store.withExclusiveAccess { await apart.visit(index) } }
            }
            try await group.waitForAll()
        }
        #expect(apart.visits == 10)
    }

    @Test("warnings never carry a token")
    func warningsRedactTokens() async throws {
        let sut = makeSUT()
        try await sut.store.save(SessionFixtures.stored(suffix: "secret-value"))
        let saved = try #require(sut.item.data)
        sut.item.data = saved.dropLast(3)
        #expect(try await sut.store.load() == nil)
        #expect(!sut.log.all.contains { $0.message.contains("access-secret-value") || $0.metadata.contains("access-secret-value") })
    }
}
