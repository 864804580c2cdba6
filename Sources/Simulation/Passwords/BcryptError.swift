/// Why a password could not be hashed or a stored bcrypt string could not be used.
public enum BcryptError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The string is not `$2a$`, `$2b$` or `$2y$`, two cost digits, `$`, 22 salt and 31 hash
    /// characters of bcrypt's base64 (canonical).
    case malformedHash
    /// The cost is outside 4...31, or above what this process accepts to compute.
    case costOutOfRange(Int)
    /// bcrypt reads only 72 bytes; a longer password is refused rather than silently cut
    /// (as Go's `bcrypt.GenerateFromPassword`, which GoTrue uses, refuses it).
    case passwordTooLong(byteCount: Int)

    public var description: String {
        switch self {
        case .malformedHash: "not a bcrypt hash ($2a$/$2b$/$2y$, cost, 22-character salt, 31-character hash)"
        case .costOutOfRange(let cost): "bcrypt cost \(cost) is outside \(Bcrypt.minimumCost)...\(Bcrypt.maximumCost)"
        case .passwordTooLong(let count): "the password is \(count) bytes; bcrypt takes at most \(Bcrypt.maximumPasswordBytes)"
        }
    }
}
