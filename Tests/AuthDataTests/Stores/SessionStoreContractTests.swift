import AuthData
import AuthDomain
import AuthTestSupport
import Foundation
import Logging
import Testing

/// Which ``SessionStore`` implementation a contract test runs against.
enum SessionStoreFlavor: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case inMemory
    case file
    /// ``KeychainSessionStore``'s logic over an in-memory item answering with `SecItem`'s
    /// status codes (the `SecItem` adapter itself is Apple-only).
    case keychain

    var testDescription: String { rawValue }
}

/// The ``SessionStore`` contract, run against every implementation: the Keychain store through
/// an in-memory item, since `SecItem` exists only on Apple platforms.
@Suite("Session store contract")
struct SessionStoreContractTests {
    private struct SUT {
        let store: any SessionStore
        let directory: TemporaryDirectory
    }

    private func makeSUT(_ flavor: SessionStoreFlavor) -> SUT {
        let directory = TemporaryDirectory()
        let store: any SessionStore =
            switch flavor {
            case .inMemory: InMemorySessionStore()
            case .file: FileSessionStore(fileURL: directory.url.appendingPathComponent("session.json"), logger: LogCapture().logger)
            case .keychain: KeychainSessionStore(item: InMemoryKeychainItem(), logger: LogCapture().logger)
            }
        return SUT(store: store, directory: directory)
    }

    @Test("a store with nothing in it reads as nil", arguments: SessionStoreFlavor.allCases)
    func missingReadsNil(flavor: SessionStoreFlavor) async throws {
        let sut = makeSUT(flavor)
        #expect(try await sut.store.load() == nil)
    }

    @Test("what is saved is read back unchanged", arguments: SessionStoreFlavor.allCases)
    func roundTrip(flavor: SessionStoreFlavor) async throws {
        let sut = makeSUT(flavor)
        let stored = SessionFixtures.stored(suffix: "1", provider: .apple, subjects: [.apple: "001234.abc"])
        try await sut.store.save(stored)
        #expect(try await sut.store.load() == stored)
    }

    @Test("a second save replaces the first", arguments: SessionStoreFlavor.allCases)
    func replace(flavor: SessionStoreFlavor) async throws {
        let sut = makeSUT(flavor)
        try await sut.store.save(SessionFixtures.stored(suffix: "1"))
        let second = SessionFixtures.stored(suffix: "2", userID: "user-2")
        try await sut.store.save(second)
        #expect(try await sut.store.load() == second)
    }

    @Test("delete removes the session", arguments: SessionStoreFlavor.allCases)
    func delete(flavor: SessionStoreFlavor) async throws {
        let sut = makeSUT(flavor)
        try await sut.store.save(SessionFixtures.stored(suffix: "1"))
        try await sut.store.delete()
        #expect(try await sut.store.load() == nil)
    }

    @Test("deleting when nothing is stored succeeds", arguments: SessionStoreFlavor.allCases)
    func deleteMissing(flavor: SessionStoreFlavor) async throws {
        let sut = makeSUT(flavor)
        try await sut.store.delete()
        try await sut.store.delete()
        #expect(try await sut.store.load() == nil)
    }

    @Test("exclusive access lets one holder in at a time and returns its result", arguments: SessionStoreFlavor.allCases)
    func exclusiveAccess(flavor: SessionStoreFlavor) async throws {
        let sut = makeSUT(flavor)
        let occupancy = Occupancy()
        let results = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<20 {
                group.addTask { try await sut.store.withExclusiveAccess { await occupancy.visit(index) } }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(occupancy.maximum == 1, "holders overlapped")
        #expect(occupancy.visits == 20)
        #expect(results.sorted() == Array(0..<20))
    }

    @Test("a holder that throws releases exclusive access", arguments: SessionStoreFlavor.allCases)
    func exclusiveAccessReleasedOnError(flavor: SessionStoreFlavor) async throws {
        let sut = makeSUT(flavor)
        await #expect(throws: AuthError.storage("boom")) {
            try await sut.store.withExclusiveAccess { () async throws(AuthError) -> Int in throw .storage("boom") }
        }
        let value = try await sut.store.withExclusiveAccess { 42 }
        #expect(value == 42)
    }

    @Test("the store can be read and written while holding exclusive access", arguments: SessionStoreFlavor.allCases)
    func readWriteInsideExclusiveAccess(flavor: SessionStoreFlavor) async throws {
        let sut = makeSUT(flavor)
        let stored = SessionFixtures.stored(suffix: "1")
        let store = sut.store
        let loaded = try await store.withExclusiveAccess { () throws(AuthError) in
            try await store.save(stored)
            return try await store.load()
        }
        #expect(loaded == stored)
    }
}
