import Foundation

/// A URL's origin: scheme, host and port (RFC 6454), the unit a request's credentials are
/// scoped to. Scheme and host compare case-insensitively; a missing port is the scheme's
/// default, so `https://a.example` and `https://A.example:443` are one origin.
package struct HTTPOrigin: Hashable, Sendable, CustomStringConvertible {
    /// `http` or `https`, lowercased.
    package let scheme: String
    /// The host, lowercased.
    package let host: String
    /// The port (the scheme's default when the URL names none; `nil` for an unknown scheme).
    package let port: Int?

    /// The origin of a URL.
    /// - Parameter url: The URL.
    package init(_ url: URL) {
        scheme = url.scheme?.lowercased() ?? ""
        host = url.host?.lowercased() ?? ""
        port = url.port ?? Self.defaultPorts[scheme]
    }

    /// `scheme://host:port`: no user, path or query, so it is safe to print.
    package var description: String {
        "\(scheme)://\(host.contains(":") ? "[\(host)]" : host)" + (port.map { ":\($0)" } ?? "")
    }

    private static let defaultPorts = ["http": 80, "https": 443]
}
