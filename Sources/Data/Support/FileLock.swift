import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An advisory lock on a file (`flock`), shared by every process that opens the same path and
/// by every task of this one: each holder opens its own descriptor.
///
/// The lock file is opened with `O_NOFOLLOW` and must be a regular file: a symbolic link planted
/// at its path (to make the process create or truncate a file elsewhere) is refused, not followed.
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
        let fd = try openLockFile()
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

    /// Takes the lock if it is free, without waiting.
    /// - Returns: The held lock, or `nil` when another holder has it.
    /// - Throws: ``AtomicFile/Failure`` when the lock file cannot be opened (a symbolic link or
    ///   not a regular file included) or locked.
    package func tryAcquire() throws(AtomicFile.Failure) -> Held? {
        let fd = try openLockFile()
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            if errno == EINTR { continue }
            let busy = errno == EWOULDBLOCK
            let failure = AtomicFile.failure(url.path)
            close(fd)
            if busy { return nil }
            throw failure
        }
        return Held(descriptor: fd)
    }

    /// Opens (creating with mode 0600) the lock file, refusing a symbolic link and anything
    /// that is not a regular file.
    private func openLockFile() throws(AtomicFile.Failure) -> Int32 {
        let fd = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard fd >= 0 else {
            if errno == ELOOP { throw AtomicFile.Failure(path: url.path, reason: "is a symbolic link; refusing to follow it (remove it)") }
            throw AtomicFile.failure(url.path)
        }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw AtomicFile.Failure(path: url.path, reason: "is not a regular file; refusing to use it as a lock (remove it)")
        }
        return fd
    }

    /// Runs `body` while holding the lock (see ``acquire()``).
    /// - Throws: ``AtomicFile/Failure`` when the lock cannot be taken, or what `body` throws.
    package func withLock<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        let held = try await acquire()
        defer { held.release() }
        return try await body()
    }
}
