import AuthJWT

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Makes the nonces that bind an ID token to this sign-in.
///
/// 32 characters from the 65-character alphabet `0-9A-Za-z-._`, each drawn from the system
/// CSPRNG by rejection sampling: bytes of 195 and above (3 × 65) are discarded, so every
/// character is equally likely (a plain `byte % 65` would favour 61 of them).
///
/// ```swift
/// let raw = NonceGenerator(source: .live).make()
/// let hashed = NonceGenerator.sha256Hex(raw)   // goes to Apple; `raw` goes to the backend
/// ```
public struct NonceGenerator: Sendable {
    /// The alphabet, 65 characters.
    public static let alphabet: [Character] = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-._")
    private static let alphabetBytes: [UInt8] = alphabet.map { $0.asciiValue! }

    /// The number of characters in a nonce.
    public static let length = 32

    private let source: RandomByteSource

    /// Creates a generator.
    /// - Parameter source: Where random bytes come from; `.live` is the system CSPRNG.
    public init(source: RandomByteSource) { self.source = source }

    /// Makes a nonce.
    /// - Returns: 32 characters from ``alphabet``.
    public func make() -> String {
        let limit = UInt8(Self.alphabetBytes.count * 3)
        var output: [UInt8] = []
        output.reserveCapacity(Self.length)
        while output.count < Self.length {
            for byte in source.bytes(Self.length * 2) where byte < limit {
                output.append(Self.alphabetBytes[Int(byte % UInt8(Self.alphabetBytes.count))])
                if output.count == Self.length { break }
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The lowercase hex SHA-256 of a raw nonce: what Apple copies into the token and the
    /// backend recomputes.
    /// - Parameter nonce: The raw nonce.
    /// - Returns: 64 lowercase hex characters.
    public static func sha256Hex(_ nonce: String) -> String { SHA256Hex.hash(nonce) }
}

/// A source of random bytes; `.live` reads the operating system's CSPRNG.
public struct RandomByteSource: Sendable {
    /// Returns `count` random bytes.
    public var bytes: @Sendable (Int) -> [UInt8]

    /// Creates a source.
    /// - Parameter bytes: Returns the requested number of random bytes.
    public init(bytes: @escaping @Sendable (Int) -> [UInt8]) { self.bytes = bytes }

    /// The system CSPRNG through `arc4random_buf` (glibc 2.36 and later, Apple platforms): one call
    /// per request for bytes (`SystemRandomNumberGenerator` makes a system call per 8 bytes, and
    /// the emulator draws ids and tokens on every sign-in).
    public static let live = RandomByteSource { count in
        var bytes = [UInt8](repeating: 0, count: count)
        bytes.withUnsafeMutableBytes { buffer in
            // glibc 2.36+ and Apple platforms: one call fills the buffer from the kernel CSPRNG.
            if let base = buffer.baseAddress { arc4random_buf(base, buffer.count) }
        }
        return bytes
    }
}
