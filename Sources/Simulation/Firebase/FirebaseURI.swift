/// URI checks of the Identity Toolkit requests (`requestUri`, `continueUrl`).
enum FirebaseURI {
    /// Whether the URI is absolute as JavaScript's `new URL` demands (firebase-tools `utils.ts`
    /// `parseAbsoluteUri`): a scheme, and for http and https a host.
    /// - Parameter uri: The URI.
    /// - Returns: Whether it is absolute.
    static func isAbsolute(_ uri: String) -> Bool {
        guard let colon = uri.firstIndex(of: ":") else { return false }
        let scheme = uri[..<colon].utf8
        let isLetter = { (byte: UInt8) in (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
        guard let first = scheme.first, isLetter(first),
            scheme.allSatisfy({ isLetter($0) || (0x30...0x39).contains($0) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E })
        else { return false }
        guard ["http", "https"].contains(uri[..<colon].lowercased()) else { return true }
        let rest = uri[uri.index(after: colon)...].drop { $0 == "/" || $0 == "\\" }
        return !rest.prefix { !"/?#".contains($0) }.isEmpty
    }
}
