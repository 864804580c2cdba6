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

    /// The lock, held: ``release()`` lets it go (closing the descriptor also would).
    package struct Held: Sendable {
        fileprivate let descriptor: Int32

        /// Releases the lock.
        package func release() {
            flock(descriptor, LOCK_UN)
            close(descriptor)
        }
    }

    /// Takes the lock; waits (polling every 2 ms, without blocking a thread) until it is free.
    /// - Returns: The held lock; release it.
    /// - Throws: ``AtomicFile/Failure`` when the lock file cannot be opened or locked, or the
    ///   waiting task is cancelled.
    package func acquire() async throws(AtomicFile.Failure) -> Held {
        let fd = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw AtomicFile.failure(url.path) }
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                let failure = AtomicFile.failure(url.path)
                close(fd)
                throw failure
            }
            do {
                try await Task.sleep(for: .milliseconds(2))
            } catch {
                close(fd)
                throw AtomicFile.Failure(path: url.path, reason: "cancelled while waiting for the lock")
            }
        }
        return Held(descriptor: fd)
    }

    /// Runs `body` while holding the lock (see ``acquire()``).
    /// - Throws: ``AtomicFile/Failure`` when the lock cannot be taken, or what `body` throws.
    package func withLock<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        let held = try await acquire()
        defer { held.release() }
        return try await body()
    }
}
