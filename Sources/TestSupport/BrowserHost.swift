/// The host a browser goes to for a URL, read the way the WHATWG URL standard does for what
/// matters to redirect checks: the authority ends at the first `/`, `\`, `?` or `#`; user
/// information ends at the last `@`; the host is percent-decoded and lowercased.
public enum BrowserHost {
    /// The host, or `nil` for a URL without `://`.
    /// - Parameter url: The URL as written.
    /// - Returns: The host (IPv6 literals keep their brackets).
    public static func read(_ url: String) -> String? {
        guard let colon = url.range(of: "://") else { return nil }
        let authority = url[colon.upperBound...].prefix { !"/\\?#".contains($0) }
        let hostPort = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? ""
        let host: Substring
        if hostPort.hasPrefix("[") {
            host = hostPort.prefix { $0 != "]" } + "]"
        } else {
            host = hostPort.split(separator: ":", omittingEmptySubsequences: false).first ?? ""
        }
        return String(host).removingPercentEncoding?.lowercased()
    }
}
