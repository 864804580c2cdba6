/// bcrypt, as GoTrue stores passwords in `auth.users.encrypted_password` (GoTrue
/// internal/crypto/password.go: `bcrypt.GenerateFromPassword` at `bcrypt.DefaultCost`, 10).
///
/// ```swift
/// let stored = try Bcrypt.hash(Array("correct horse".utf8), cost: Bcrypt.defaultCost)
/// try Bcrypt.verify(Array("correct horse".utf8), against: stored)   // true
/// ```
public enum Bcrypt {
    /// GoTrue's cost (`bcrypt.DefaultCost`).
    public static let defaultCost = 10
    /// The smallest cost (`bcrypt.MinCost`), which GoTrue uses in its own tests (`QuickHashCost`).
    public static let minimumCost = 4
    /// The largest cost this process computes: each step doubles the work, and a stored hash
    /// must not be able to hold a request for minutes. Real projects use 10 to 12.
    public static let maximumCost = 16
    /// bcrypt keys Blowfish with at most 72 bytes.
    public static let maximumPasswordBytes = 72

    /// Hashes a password with a fresh random salt, as `$2a$` (the version Go writes).
    /// - Parameters:
    ///   - password: the password's bytes (UTF-8 for the services here).
    ///   - cost: log2 of the rounds.
    /// - Throws: `BcryptError.passwordTooLong` above 72 bytes, `.costOutOfRange`.
    /// - Returns: the 60-character string to store.
    public static func hash(_ password: [UInt8], cost: Int) throws(BcryptError) -> String {
        var generator = SystemRandomNumberGenerator()
        let salt = (0..<BcryptHash.saltBytes).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return try hash(password, cost: cost, salt: salt, minor: "a")
    }

    /// Hashes with a given salt (for published vectors).
    /// - Throws: `BcryptError.passwordTooLong`, `.costOutOfRange`, `.malformedHash` for a salt not 16 bytes.
    /// - Returns: the 60-character string.
    public static func hash(
        _ password: [UInt8], cost: Int, salt: [UInt8], minor: Character
    ) throws(BcryptError) -> String {
        guard password.count <= maximumPasswordBytes else { throw .passwordTooLong(byteCount: password.count) }
        guard (minimumCost...maximumCost).contains(cost) else { throw .costOutOfRange(cost) }
        guard salt.count == BcryptHash.saltBytes else { throw .malformedHash }
        let digest = compute(password, cost: cost, salt: salt)
        return BcryptHash(minor: minor, cost: cost, salt: salt, digest: digest).encoded
    }

    /// Checks a password against a stored hash in constant time over the digest. Like Go's
    /// `bcrypt.CompareHashAndPassword` and Python's `bcrypt.checkpw`, only the first 72 bytes count.
    /// - Throws: `BcryptError.malformedHash`, `.costOutOfRange` (above ``maximumCost`` too).
    /// - Returns: whether the password matches.
    public static func verify(_ password: [UInt8], against stored: String) throws(BcryptError) -> Bool {
        let parsed = try BcryptHash(parsing: stored)
        guard parsed.cost <= maximumCost else { throw .costOutOfRange(parsed.cost) }
        let digest = compute(Array(password.prefix(maximumPasswordBytes)), cost: parsed.cost, salt: parsed.salt)
        var difference: UInt8 = 0
        for (mine, theirs) in zip(digest, parsed.digest) { difference |= mine ^ theirs }
        return difference == 0
    }

    /// "OrpheanBeholderScryDoubt" as six big-endian words.
    private static let magic: [UInt32] = {
        let bytes = Array("OrpheanBeholderScryDoubt".utf8)
        return stride(from: 0, to: 24, by: 4).map { start in
            bytes[start..<(start + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        }
    }()

    private static func compute(_ password: [UInt8], cost: Int, salt: [UInt8]) -> [UInt8] {
        let key = Array((password + [0]).prefix(maximumPasswordBytes))
        let cipher = EksBlowfish(cost: cost, salt: salt, key: key)
        let words = cipher.encrypt64Times(magic)
        let bytes = words.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * $0)) } }
        return Array(bytes.prefix(BcryptHash.digestBytes))
    }
}
