import AuthData
import AuthDomain
import AuthTestSupport
import Foundation
import Logging
import Testing

/// What only the file store promises: owner-only permissions, atomic replacement, and that an
/// unreadable file reads as "no session" with a warning, never a crash, and is left in place.
@Suite("File session store")
struct FileSessionStoreTests {
    private struct SUT {
        let store: FileSessionStore
        let log: LogCapture
        let directory: TemporaryDirectory
        var fileURL: URL { store.fileURL }
    }

    private func makeSUT(subdirectory: String? = nil) -> SUT {
        let directory = TemporaryDirectory()
        let base = subdirectory.map { directory.url.appendingPathComponent($0) } ?? directory.url
        let log = LogCapture()
        return SUT(
            store: FileSessionStore(fileURL: base.appendingPathComponent("session.json"), logger: log.logger), log: log,
            directory: directory)
    }

    private func permissions(_ url: URL) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
    }

    @Test("the session file is readable by its owner only (0600), also after replacing a looser file")
    func ownerOnly() async throws {
        let sut = makeSUT()
        try Data("{}".utf8).write(to: sut.fileURL)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: sut.fileURL.path)
        try await sut.store.save(SessionFixtures.stored(suffix: "1"))
        #expect(try permissions(sut.fileURL) == 0o600)
        try await sut.store.save(SessionFixtures.stored(suffix: "2"))
        #expect(try permissions(sut.fileURL) == 0o600)
    }

    @Test("a missing directory is created, owner-only (0700)")
    func createsDirectory() async throws {
        let sut = makeSUT(subdirectory: "state/nested")
        try await sut.store.save(SessionFixtures.stored(suffix: "1"))
        #expect(try permissions(sut.fileURL.deletingLastPathComponent()) == 0o700)
        #expect(try await sut.store.load() == SessionFixtures.stored(suffix: "1"))
    }

    @Test("writes leave no temporary file behind")
    func noTemporaryFiles() async throws {
        let sut = makeSUT()
        for index in 0..<5 { try await sut.store.save(SessionFixtures.stored(suffix: "\(index)")) }
        let names = try FileManager.default.contentsOfDirectory(atPath: sut.directory.path)
        #expect(names == ["session.json"])
    }

    @Test("a write that cannot complete throws a storage error and leaves no temporary file")
    func failedWrite() async throws {
        let sut = makeSUT()
        try FileManager.default.createDirectory(at: sut.fileURL.appendingPathComponent("occupied"), withIntermediateDirectories: true)
        await #expect {
            try await sut.store.save(SessionFixtures.stored(suffix: "1"))
        } throws: { error in
            guard case AuthError.storage = error else { return false }
            return true
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: sut.directory.path)
        #expect(names == ["session.json"], "only the directory in the way remains")
    }

    @Test("unreadable content reads as no session, logs a warning, and is not deleted", arguments: UnreadableContent.allCases)
    func unreadable(content: UnreadableContent) async throws {
        let sut = makeSUT()
        let valid = try JSONEncoder().encode(["version": 1])
        try await sut.store.save(SessionFixtures.stored(suffix: "1"))
        let saved = try Data(contentsOf: sut.fileURL)
        let bytes: Data =
            switch content {
            case .garbage: Data("{not json at all".utf8)
            case .truncated: saved.prefix(saved.count / 2)
            case .empty: Data()
            case .wrongShape: valid
            case .unknownVersion:
                Data(String(decoding: saved, as: UTF8.self).replacingOccurrences(of: "\"version\":1", with: "\"version\":99").utf8)
            }
        try bytes.write(to: sut.fileURL)

        #expect(try await sut.store.load() == nil)
        #expect(sut.log.warnings.count == 1)
        #expect(sut.log.warnings.first?.message.contains("treating as signed out") == true)
        #expect(try Data(contentsOf: sut.fileURL) == bytes, "a read must not delete or rewrite the file")
        try await sut.store.save(SessionFixtures.stored(suffix: "2"))
        #expect(try await sut.store.load() == SessionFixtures.stored(suffix: "2"), "the next save replaces it")
    }

    @Test("a directory where the file should be reads as no session with a warning")
    func directoryInTheWay() async throws {
        let sut = makeSUT()
        try FileManager.default.createDirectory(at: sut.fileURL, withIntermediateDirectories: true)
        #expect(try await sut.store.load() == nil)
        #expect(sut.log.warnings.count == 1)
        #expect(sut.log.warnings.first?.message.contains("unreadable") == true)
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: sut.fileURL.path, isDirectory: &isDirectory) && isDirectory.boolValue)
    }

    @Test("warnings name the path but never a token")
    func warningsRedactTokens() async throws {
        let sut = makeSUT()
        try await sut.store.save(SessionFixtures.stored(suffix: "secret-value-123"))
        let saved = try Data(contentsOf: sut.fileURL)
        try saved.prefix(saved.count - 3).write(to: sut.fileURL)
        _ = try await sut.store.load()
        let logged = sut.log.all.map { $0.message + " " + $0.metadata }.joined(separator: "\n")
        #expect(logged.contains(sut.fileURL.path))
        #expect(!logged.contains("secret-value-123"))
    }

    @Test("two store values on one path exclude each other, as two processes do")
    func crossInstanceExclusion() async throws {
        let sut = makeSUT()
        let other = FileSessionStore(fileURL: sut.fileURL, logger: Logger(label: "other"))
        let occupancy = try await Occupancy.alternating(sut.store, other)
        #expect(occupancy.maximum == 1)
        #expect(occupancy.visits == 10)
    }

    @Test("a save by one store value is read by another on the same path")
    func sharedFile() async throws {
        let sut = makeSUT()
        let other = FileSessionStore(fileURL: sut.fileURL, logger: Logger(label: "other"))
        try await sut.store.save(SessionFixtures.stored(suffix: "1"))
        #expect(try await other.load() == SessionFixtures.stored(suffix: "1"))
        try await other.delete()
        #expect(try await sut.store.load() == nil)
    }
}

/// Ways a session file can be unreadable.
enum UnreadableContent: String, CaseIterable, Sendable {
    case garbage, truncated, empty, wrongShape, unknownVersion
}
