import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The rule ssh applies to `~/.ssh`, applied to a state directory and the files in it: owned by
/// the user running the process and writable by no one else. Whoever can write the directory can
/// replace `keys.json` (its SHA-256 header is a checksum, not a signature) and so mint any
/// token, `service_role` included; whoever can write `state.json` or a session file can plant
/// users and sessions. A directory or file that breaks the rule is refused, with the command
/// that fixes it.
public enum StateDirectorySafety {
    /// Checks a directory, when it exists: owned by the effective user, not group- or
    /// world-writable, and not open to its group or others at all (read or search): the database
    /// in it holds refresh tokens, addresses and mailed codes.
    /// - Parameter url: The directory.
    /// - Throws: ``SimulationStoreError/unavailable(path:reason:)`` saying what is wrong and how
    ///   to fix it.
    public static func checkDirectory(_ url: URL) throws(SimulationStoreError) {
        try check(url.path, fixMode: "chmod 700", private: true)
    }

    /// Checks a file, when it exists: owned by the effective user, not group- or
    /// world-writable.
    /// - Parameter url: The file.
    /// - Throws: ``SimulationStoreError/unavailable(path:reason:)``.
    public static func checkFile(_ url: URL) throws(SimulationStoreError) {
        try check(url.path, fixMode: "chmod 600")
    }

    private static func check(_ path: String, fixMode: String, private: Bool = false) throws(SimulationStoreError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return }
            throw .unavailable(path: path, reason: String(cString: strerror(errno)))
        }
        let user = geteuid()
        guard info.st_uid == user else {
            throw .unavailable(
                path: path,
                reason: """
                    is owned by uid \(info.st_uid), not by you (uid \(user)); another user could replace its keys and \
                    sessions. Use a directory of your own (--state-dir), or fix it: chown \(user) \(quoted(path))
                    """)
        }
        let mode = UInt32(info.st_mode) & 0o7777
        guard mode & 0o022 == 0 else {
            throw .unavailable(
                path: path,
                reason: """
                    is writable by \(mode & 0o020 != 0 ? "its group" : "others")\(mode & 0o022 == 0o022 ? " and others" : "") \
                    (mode \(String(mode, radix: 8))); anyone who can write it can replace the signing keys and sessions. \
                    Fix: \(fixMode) \(quoted(path))
                    """)
        }
        guard !`private` || mode & 0o077 == 0 else {
            throw .unavailable(
                path: path,
                reason: """
                    is open to \(mode & 0o070 != 0 ? "its group" : "others")\(mode & 0o070 != 0 && mode & 0o007 != 0 ? " and others" : "") \
                    (mode \(String(mode, radix: 8))); anyone who can read it can read the refresh tokens, addresses and mailed \
                    codes in its database. Fix: \(fixMode) \(quoted(path))
                    """)
        }
    }

    private static func quoted(_ path: String) -> String {
        path.allSatisfy { $0.isLetter || $0.isNumber || "/._-+@:".contains($0) }
            ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
