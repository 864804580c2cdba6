import Foundation

/// The scheme and authority of a redirect URL as written: what a browser reads, not what a
/// parser decodes. `nil` for a URL a browser and this parser could read differently: a
/// backslash, a space or a control character anywhere, user information, a percent-encoded or
/// empty host; and for a scheme a browser runs or reads locally (`javascript:`, `data:`, `file:`).
struct RedirectHost: Equatable {
    /// The scheme, lowercased.
    let scheme: String
    /// The host as written, lowercased (IPv6 literals keep their brackets).
    let host: String
    /// The host as written, in its own case: GoTrue compares hostnames case-sensitively (Go's
    /// `url.Hostname()` keeps the case, and the allow-list globs match the text as written).
    let writtenHost: String
    /// The port, if written.
    let port: Int?
    /// The URL rebuilt from its parts: the scheme and host lowercased, the port, and the path,
    /// query and fragment as written (they have passed the character checks).
    let rebuilt: String

    /// Schemes no redirect may name: a browser would run or read them locally.
    static let refusedSchemes: Set<String> = ["javascript", "data", "file", "vbscript", "blob", "about", "filesystem"]

    /// The host (lowercased) and port.
    var authority: String { host + (port.map { ":\($0)" } ?? "") }

    /// The host in its own case and the port, as written.
    var writtenAuthority: String { writtenHost + (port.map { ":\($0)" } ?? "") }

    /// Reads a URL.
    /// - Parameter text: The URL.
    init?(_ text: String) {
        guard text.utf8.count <= 2048,
            !text.unicodeScalars.contains(where: { $0 == "\\" || $0.value <= 0x20 || $0.value == 0x7F || !$0.isASCII }),
            let parts = URLComponents(string: text), let scheme = parts.scheme?.lowercased(), !Self.refusedSchemes.contains(scheme),
            let written = parts.percentEncodedHost?.lowercased(), !written.isEmpty, !written.contains("%"),
            parts.percentEncodedUser == nil, parts.percentEncodedPassword == nil
        else { return nil }
        let host = written.contains(":") && !written.hasPrefix("[") ? "[\(written)]" : written
        // The authority must be exactly what follows "scheme://" up to the path, query or fragment.
        let afterScheme = text.dropFirst(scheme.count + 3)
        let authority = afterScheme.prefix { $0 != "/" && $0 != "?" && $0 != "#" }.lowercased()
        let expected = host + (parts.port.map { ":\($0)" } ?? "")
        guard text.lowercased().hasPrefix(scheme + "://"), authority == expected || authority == host + ":" else { return nil }
        self.scheme = scheme
        self.host = host
        let cased = parts.percentEncodedHost ?? written
        self.writtenHost = cased.contains(":") && !cased.hasPrefix("[") ? "[\(cased)]" : cased
        self.port = parts.port
        self.rebuilt = scheme + "://" + expected + afterScheme.dropFirst(authority.count)
    }

    /// Whether a browser reads the host as an IPv4 address: its last label (a trailing dot
    /// aside) is a number, decimal or `0x` hexadecimal (WHATWG URL, "ends in a number").
    var endsInNumber: Bool {
        var labels = host.split(separator: ".", omittingEmptySubsequences: false)
        if labels.last == "", labels.count > 1 { labels.removeLast() }
        guard let last = labels.last, !last.isEmpty else { return false }
        if last.allSatisfy(\.isNumber) { return true }
        let lower = last.lowercased()
        return lower.hasPrefix("0x") && lower.dropFirst(2).allSatisfy(\.isHexDigit)
    }

    /// The host part of an allow-list glob (between `://` and the next `/`), when it has one.
    /// - Parameter glob: An allow-list entry.
    /// - Returns: The host glob, or `nil` for an entry without `://`.
    static func globHost(of glob: String) -> String? {
        guard let separator = glob.range(of: "://") else { return nil }
        let rest = glob[separator.upperBound...]
        let host = rest.prefix { $0 != "/" }
        return host.isEmpty ? nil : String(host)
    }
}
