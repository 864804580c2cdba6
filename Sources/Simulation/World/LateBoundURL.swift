import AuthData

/// The emulator's base URL as it stands when a request arrives: the address it was asked for
/// until the server has bound its port, then the bound one (`--port 0` picks the port at the
/// bind). The server sets it once, in its on-running callback, before any request is answered;
/// the engines read it per request for the issuer and emailed links.
package final class LateBoundURL: Sendable, Hashable {
    private let value: Locked<String>

    /// Creates the URL with the address asked for.
    /// - Parameter requested: The base URL before the bind (`http://127.0.0.1:0` for port 0).
    package init(_ requested: String) { value = Locked(requested) }

    /// The base URL now, without a trailing slash.
    package var url: String { value.current }

    /// Sets the bound base URL.
    /// - Parameter url: The base URL with the bound port.
    package func bind(_ url: String) { value.withLock { $0 = url } }

    package static func == (lhs: LateBoundURL, rhs: LateBoundURL) -> Bool { lhs === rhs }

    package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
