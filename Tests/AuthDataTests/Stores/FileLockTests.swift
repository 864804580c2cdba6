import AuthTestSupport
import Foundation
import Testing

@testable import AuthData

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The lock file of a state directory (issue 14, item 4): a symbolic link planted at its path is
/// refused, not followed (on main, `open(O_CREAT)` followed it and created the target).
@Suite("File lock: no symbolic links")
struct FileLockTests {
    @Test("a symbolic link at the lock's path is refused, and its target is neither created nor touched")
    func symlinkRefused() async throws {
        let directory = TemporaryDirectory()
        let target = directory.url.appendingPathComponent("elsewhere")
        let lock = directory.url.appendingPathComponent("world.lock")
        try FileManager.default.createSymbolicLink(at: lock, withDestinationURL: target)

        await #expect(throws: AtomicFile.Failure.self) { _ = try await FileLock(url: lock).acquire() }
        #expect(throws: AtomicFile.Failure.self) { _ = try FileLock(url: lock).tryAcquire() }
        #expect(!FileManager.default.fileExists(atPath: target.path), "the link's target was created")
    }

    @Test("a directory or a FIFO at the lock's path is refused without blocking")
    func nonRegularRefused() async throws {
        let directory = TemporaryDirectory()
        let fifo = directory.url.appendingPathComponent("fifo.lock")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        #expect(throws: AtomicFile.Failure.self) { _ = try FileLock(url: fifo).tryAcquire() }
        #expect(throws: AtomicFile.Failure.self) { _ = try FileLock(url: directory.url).tryAcquire() }
    }

    @Test("tryAcquire takes a free lock and reports a held one as busy")
    func tryAcquire() throws {
        let directory = TemporaryDirectory()
        let lock = FileLock(url: directory.url.appendingPathComponent("a.lock"))
        let held = try #require(try lock.tryAcquire())
        #expect(try lock.tryAcquire() == nil)
        held.release()
        try #require(try lock.tryAcquire()).release()
    }
}
