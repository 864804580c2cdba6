#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// An advisory lock on a file (`flock`), shared by every process that opens the same path and
/// by every task of this one: each holder opens its own descriptor.
package struct FileLock: Sendable {
    /// The lock file.
    package let url: URL

    package init(url: URL) { self.url = url }

    /// Runs `body` while holding the lock; waits (polling every 2 ms, without blocking a thread)
    /// until it is free.
    /// - Throws: ``AtomicFile/Failure`` when the lock file cannot be opened, or what `body` throws.
    package func withLock<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        let fd = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw AtomicFile.failure(url.path) }
        defer { close(fd) }
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else { throw AtomicFile.failure(url.path) }
            try await Task.sleep(for: .milliseconds(2))
        }
        defer { flock(fd, LOCK_UN) }
        return try await body()
    }
}
