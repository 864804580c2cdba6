import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Files written so that a reader sees the old content or the new, never a mix: the bytes go
/// to a temporary file in the same directory (created with the final mode, 0600 by default),
/// are flushed to disk, and the temporary file is renamed over the target.
package enum AtomicFile {
    /// A failure with the path and the system's reason.
    package struct Failure: Error, CustomStringConvertible {
        package var path: String
        package var reason: String
        package var description: String { "\(path): \(reason)" }
    }

    /// Reads a whole file.
    /// - Returns: The bytes, or `nil` when the file does not exist.
    /// - Throws: ``Failure`` when it exists but cannot be read.
    package static func read(_ url: URL) throws -> Data? {
        do {
            return try Data(contentsOf: url)
        } catch CocoaError.fileReadNoSuchFile {
            return nil
        } catch {
            if !FileManager.default.fileExists(atPath: url.path) { return nil }
            throw Failure(path: url.path, reason: "\(error.localizedDescription)")
        }
    }

    /// Replaces a file's content atomically.
    /// - Parameters:
    ///   - data: The new content.
    ///   - url: The file.
    ///   - mode: The permission bits of the new file.
    /// - Throws: ``Failure``.
    package static func write(_ data: Data, to url: URL, mode: mode_t = 0o600) throws {
        let directory = url.deletingLastPathComponent().path
        let temporary = directory + "/." + url.lastPathComponent + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw failure(temporary) }
        var written = 0
        let ok = data.withUnsafeBytes { buffer -> Bool in
            while written < buffer.count {
                let result = Glue.write(fd, buffer.baseAddress! + written, buffer.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                written += result
            }
            return fsync(fd) == 0
        }
        let error = ok ? nil : failure(temporary)
        close(fd)
        if let error {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, url.path) == 0 else {
            let error = failure(url.path)
            unlink(temporary)
            throw error
        }
        let directoryFD = open(directory, O_RDONLY | O_CLOEXEC)
        if directoryFD >= 0 {
            _ = fsync(directoryFD)
            close(directoryFD)
        }
    }

    /// Removes a file; a missing file is not an error.
    /// - Throws: ``Failure``.
    package static func remove(_ url: URL) throws {
        guard unlink(url.path) == 0 || errno == ENOENT else { throw failure(url.path) }
    }

    /// Creates a directory and its parents with mode 0700 when missing.
    /// - Throws: ``Failure``.
    package static func ensureDirectory(_ url: URL) throws {
        // The usual case, a directory that exists, costs one `stat` (FileManager's creation
        // with intermediate directories costs far more, measurably in a short CLI command).
        var info = stat()
        if stat(url.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { return }
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw Failure(path: url.path, reason: error.localizedDescription)
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw Failure(path: url.path, reason: "not a directory")
        }
    }

    static func failure(_ path: String) -> Failure {
        Failure(path: path, reason: String(cString: strerror(errno)))
    }
}

private enum Glue {
    static func write(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc) || canImport(Musl)
            return Glibc.write(fd, pointer, count)
        #else
            return Darwin.write(fd, pointer, count)
        #endif
    }
}
