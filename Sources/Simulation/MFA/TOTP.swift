import AuthDomain
import Crypto
import Foundation

/// Time-based one-time passwords (RFC 6238, over RFC 4226's HOTP) with the parameters both
/// services use: HMAC-SHA-1, 6 digits, a 30-second step, one step of skew either side (GoTrue
/// internal/api/mfa.go `totp.ValidateCustom` with `Period: 30, Skew: 1, Digits: 6,
/// Algorithm: SHA1`; Identity Toolkit's `totpSessionInfo` answers `hashingAlgorithm: SHA1`,
/// `verificationCodeLength: 6`, `periodSec: 30`).
///
/// The secret arrives as a ``Secret`` holding base32 text and is decoded here, never logged.
/// ```swift
/// let totp = TOTP()
/// let code = try totp.code(for: secret, at: now)   // "287082"
/// let step = try totp.matchingStep(of: code, for: secret, at: now)   // the counter it matched
/// ```
package struct TOTP: Sendable {
    /// How many digits a code has.
    package var digits: Int
    /// The step, in seconds.
    package var period: Int64
    /// How many steps before and after the current one a code may come from.
    package var skew: Int64

    /// The services' parameters: 6 digits, 30 s, one step of skew.
    /// - Parameters:
    ///   - digits: Digits of a code (RFC 6238's vectors use 8).
    ///   - period: Seconds per step.
    ///   - skew: Steps of tolerance either side.
    package init(digits: Int = 6, period: Int64 = 30, skew: Int64 = 1) {
        self.digits = digits
        self.period = period
        self.skew = skew
    }

    /// The secret's bytes.
    /// - Parameter secret: Base32 text.
    /// - Returns: The key.
    /// - Throws: ``TOTPError/invalidSecret`` when the text is not base32 or is empty.
    package static func key(_ secret: Secret) throws(TOTPError) -> [UInt8] {
        guard let key = Base32.decode(secret.revealed), !key.isEmpty else { throw .invalidSecret }
        return key
    }

    /// The step counter at `date` (seconds since 1970 over the period, RFC 6238 `T`).
    package func step(at date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 / Double(period)).rounded(.down))
    }

    /// The seconds left in the step of `date`.
    package func secondsLeft(at date: Date) -> Int {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        return Int(period - seconds % period)
    }

    /// The code of the step at `date`.
    /// - Throws: ``TOTPError/invalidSecret``.
    package func code(for secret: Secret, at date: Date) throws(TOTPError) -> String {
        code(key: try Self.key(secret), step: step(at: date))
    }

    /// RFC 4226 HOTP: HMAC-SHA-1 of the big-endian counter, dynamic truncation, `digits` digits.
    /// - Parameters:
    ///   - key: The secret's bytes.
    ///   - step: The counter.
    /// - Returns: The code, zero-padded.
    package func code(key: [UInt8], step: Int64) -> String {
        var counter = UInt64(bitPattern: step).bigEndian
        let message = withUnsafeBytes(of: &counter) { Array($0) }
        let mac = Array(HMAC<Insecure.SHA1>.authenticationCode(for: message, using: SymmetricKey(data: key)))
        let offset = Int(mac[mac.count - 1] & 0x0F)
        let binary =
            (UInt32(mac[offset] & 0x7F) << 24) | (UInt32(mac[offset + 1]) << 16)
            | (UInt32(mac[offset + 2]) << 8) | UInt32(mac[offset + 3])
        var modulus: UInt32 = 1
        for _ in 0..<digits { modulus &*= 10 }
        let value = String(binary % modulus)
        return String(repeating: "0", count: max(0, digits - value.count)) + value
    }

    /// The step whose code `code` is, among the current one and ``skew`` steps either side, or
    /// `nil`. Every candidate is compared in constant time; a code that is not `digits` ASCII
    /// digits matches nothing.
    /// - Parameters:
    ///   - code: What the user typed.
    ///   - secret: Base32 text.
    ///   - date: Now.
    /// - Returns: The matching step, the latest when several match.
    /// - Throws: ``TOTPError/invalidSecret``.
    package func matchingStep(of code: String, for secret: Secret, at date: Date) throws(TOTPError) -> Int64? {
        let key = try Self.key(secret)
        let typed = Array(code.utf8)
        guard typed.count == digits, typed.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        let now = step(at: date)
        var matched: Int64?
        for candidate in (now - skew)...(now + skew) where ConstantTime.equal(Array(self.code(key: key, step: candidate).utf8), typed) {
            matched = candidate
        }
        return matched
    }
}

/// Why a TOTP operation could not run.
package enum TOTPError: Error, Equatable {
    /// The stored secret is not base32.
    case invalidSecret
}
