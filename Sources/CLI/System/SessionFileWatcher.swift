import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Notices when another process changes the session file (a sign-in, a refresh, a logout in
/// another shell) by polling its identity (inode, size, modification time) five times a second,
/// which is portable and cheap for one file; `status --watch` then adopts the change within
/// about 200 ms.
struct SessionFileWatcher: Sendable {
    /// The session file.
    let url: URL
    /// How often to look, in seconds.
    var interval: Double = 0.2

    private struct Signature: Equatable {
        var inode: UInt64
        var size: Int64
        var seconds: Int
        var nanoseconds: Int
    }

    private func signature() -> Signature? {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return nil }
        #if canImport(Darwin)
            let modified = info.st_mtimespec
        #else
            let modified = info.st_mtim
        #endif
        return Signature(
            inode: UInt64(info.st_ino), size: Int64(info.st_size), seconds: Int(modified.tv_sec), nanoseconds: Int(modified.tv_nsec))
    }

    /// Calls `changed` once at once (a change made before the watch began is not missed), then
    /// each time the file's identity changes, until the task is cancelled.
    /// - Parameter changed: What to do on a change.
    func watch(_ changed: @Sendable () async -> Void) async {
        var last = signature()
        await changed()
        while !Task.isCancelled {
            do { try await Task.sleep(for: .seconds(interval)) } catch { return }
            let current = signature()
            guard current != last else { continue }
            last = current
            await changed()
        }
    }
}
