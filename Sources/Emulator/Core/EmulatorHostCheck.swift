import Foundation

/// The `Host` check every route passes, so that a web page the developer visits cannot reach
/// the emulator through DNS rebinding (a name of the page's site that resolves to 127.0.0.1):
/// its requests carry that name as `Host`, and are refused before any route reads a mailbox,
/// mints a token or lists users.
///
/// Allowed: no `Host` (a request answered in process), the loopback names the console allows
/// (`localhost`, `*.localhost`, 127.x.y.z, `[::1]`), any other IP literal (a rebinding page
/// always has a name, never an address), the bind address, and the names a developer serving the
/// emulator under another name on purpose gives (`login serve --allowed-host NAME`).
struct EmulatorHostCheck: Sendable {
    /// Names allowed besides the loopback ones and IP literals, lowercased, without port.
    let names: Set<String>

    /// Creates the check.
    /// - Parameter allowedNames: Extra host names (the bind address, `--allowed-host`).
    init(allowedNames: [String]) {
        names = Set(allowedNames.map { $0.lowercased() })
    }

    /// Whether a request with this `Host` may be answered.
    /// - Parameter host: The `Host` header.
    /// - Returns: `true` when allowed.
    func allows(_ host: String?) -> Bool {
        guard let host else { return true }
        guard let name = Self.name(of: host) else { return false }
        return ConsoleGate.isLoopback(host: name) || Self.isIPLiteral(name) || names.contains(name)
    }

    /// The name of a `Host` value, lowercased and without its port; `nil` when malformed.
    static func name(of host: String) -> String? {
        let lowered = host.lowercased()
        guard !lowered.isEmpty, lowered.utf8.count <= 255,
            lowered.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".-:[]_".contains($0)) })
        else { return nil }
        if lowered.hasPrefix("[") {
            guard let close = lowered.firstIndex(of: "]") else { return nil }
            let rest = lowered[lowered.index(after: close)...]
            guard rest.isEmpty || (rest.first == ":" && rest.dropFirst().allSatisfy(\.isNumber)) else { return nil }
            return String(lowered[...close])
        }
        let parts = lowered.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 2, !parts[0].isEmpty else { return nil }
        if parts.count == 2, !parts[1].allSatisfy(\.isNumber) { return nil }
        return String(parts[0])
    }

    /// An IPv4 address in dotted decimal, or a bracketed IPv6 address.
    static func isIPLiteral(_ name: String) -> Bool {
        if name.hasPrefix("[") {
            return name.hasSuffix("]") && name.dropFirst().dropLast().allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
        }
        let octets = name.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets.allSatisfy { !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isNumber) && UInt8($0) != nil }
    }

    /// The refusal: 403, naming the flag that allows the name.
    /// - Parameter host: The refused `Host`.
    /// - Returns: The response.
    static func refusal(_ host: String?) -> EmulatorResponse {
        let shown = String((host ?? "").prefix(80).filter { $0.isASCII && !$0.isWhitespace && $0 != "\"" })
        let name = name(of: host ?? "") ?? "NAME"
        return .json(
            [
                "error": .string("host_not_allowed"),
                "message": .string(
                    "Host \(shown) is not a name this emulator serves under (a page of another site reaching it through DNS "
                        + "rebinding is refused). To serve it under that name on purpose: login serve --allowed-host \(name)"),
            ], status: 403)
    }
}
