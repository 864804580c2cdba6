import AuthDomain
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A page that sends a browser on to one URL, in a file of mode 0600 inside a fresh directory of
/// mode 0700 (`mkdtemp`), created exclusively so that no other user's file or link is written
/// through. A browser given the file's path reads the URL; another local user cannot.
public struct BrowserPage: Sendable {
    /// The page.
    public let file: URL
    /// Its private directory.
    public let directory: URL

    /// Writes the page.
    /// - Parameters:
    ///   - url: Where the page sends the browser (already checked by ``BrowserURL``).
    ///   - parent: Where to make the page's directory.
    /// - Returns: The page.
    /// - Throws: ``AuthError/invalidInput(_:)`` when the directory or the file cannot be made.
    public static func write(redirectingTo url: URL, in parent: URL) throws(AuthError) -> BrowserPage {
        var template = Array(parent.appendingPathComponent("login-browser-XXXXXX").path.utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw .invalidInput("cannot make a private directory in \(parent.path): \(String(cString: strerror(errno)))")
        }
        let directory = URL(fileURLWithPath: String(cString: made), isDirectory: true)
        let page = BrowserPage(file: directory.appendingPathComponent("sign-in.html"), directory: directory)
        let descriptor = open(page.file.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            page.remove()
            throw .invalidInput("cannot write \(page.file.path): \(String(cString: strerror(errno)))")
        }
        let bytes = Array(html(url).utf8)
        let written = bytes.withUnsafeBytes { posixWrite(descriptor, $0.baseAddress, $0.count) }
        _ = close(descriptor)
        guard written == bytes.count else {
            page.remove()
            throw .invalidInput("cannot write \(page.file.path)")
        }
        return page
    }

    /// Removes the page and its directory.
    public func remove() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// The page: a refresh to the URL at once, and a link for a browser that does not follow it.
    static func html(_ url: URL) -> String {
        let target = escaped(url.absoluteString)
        return "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"referrer\" content=\"no-referrer\">"
            + "<meta http-equiv=\"refresh\" content=\"0;url=\(target)\"><title>Signing in</title></head>"
            + "<body><p><a href=\"\(target)\">Continue to sign in</a></p></body></html>\n"
    }

    /// The URL as a quoted attribute value (it is already checked: ASCII, no space or control).
    private static func escaped(_ text: String) -> String {
        [("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("\"", "&quot;"), ("'", "&#39;")].reduce(text) {
            $0.replacingOccurrences(of: $1.0, with: $1.1)
        }
    }
}

private func posixWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int { write(fd, buffer, count) }
