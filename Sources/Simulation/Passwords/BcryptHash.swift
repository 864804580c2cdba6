/// A parsed bcrypt string, `$2b$10$` followed by a 22-character salt and a 31-character digest
/// (the modular crypt format of OpenBSD's bcrypt, which Go's `golang.org/x/crypto/bcrypt` and
/// Python's `bcrypt` read and write).
public struct BcryptHash: Equatable, Sendable {
    /// The minor version letter: `a`, `b` or `y` (the same algorithm for passwords under 72 bytes).
    public let minor: Character
    /// log2 of the key-schedule rounds, 4...31.
    public let cost: Int
    /// 16 bytes.
    public let salt: [UInt8]
    /// 23 bytes: the first 23 of the 24 encrypted bytes, as every bcrypt keeps them.
    public let digest: [UInt8]

    static let saltBytes = 16
    static let digestBytes = 23
    static let encodedLength = 60

    /// Parses a stored hash strictly.
    /// - Parameter encoded: the 60-character string.
    /// - Throws: `BcryptError.malformedHash` or `.costOutOfRange` (4...31).
    public init(parsing encoded: String) throws(BcryptError) {
        let bytes = Array(encoded.utf8)
        guard bytes.count == Self.encodedLength, bytes[0] == UInt8(ascii: "$"), bytes[1] == UInt8(ascii: "2"),
            let minor = Self.minors.first(where: { $0.asciiValue == bytes[2] }),
            bytes[3] == UInt8(ascii: "$"), bytes[6] == UInt8(ascii: "$"),
            let tens = Self.digit(bytes[4]), let ones = Self.digit(bytes[5]),
            let salt = BcryptBase64.decode(bytes[7..<29], count: Self.saltBytes),
            let digest = BcryptBase64.decode(bytes[29..<60], count: Self.digestBytes)
        else { throw .malformedHash }
        let cost = tens * 10 + ones
        guard (Bcrypt.minimumCost...31).contains(cost) else { throw .costOutOfRange(cost) }
        self.init(minor: minor, cost: cost, salt: salt, digest: digest)
    }

    init(minor: Character, cost: Int, salt: [UInt8], digest: [UInt8]) {
        self.minor = minor
        self.cost = cost
        self.salt = salt
        self.digest = digest
    }

    /// The 60-character modular crypt string.
    public var encoded: String {
        let costText = cost < 10 ? "0\(cost)" : "\(cost)"
        return "$2\(minor)$\(costText)$" + BcryptBase64.encode(salt) + BcryptBase64.encode(digest)
    }

    private static let minors: [Character] = ["a", "b", "y"]

    private static func digit(_ byte: UInt8) -> Int? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
    }
}
