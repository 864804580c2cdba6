import AuthData
import Foundation

/// Identifiers and secrets in the shapes the real services use, from the system CSPRNG.
package enum RandomIdentifiers {
    private static let lowercaseAlphanumerics = Array("abcdefghijklmnopqrstuvwxyz0123456789".utf8)
    private static let alphanumerics = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
    private static let hexDigits = Array("0123456789abcdef".utf8)
    private static let lowercase = Array("abcdefghijklmnopqrstuvwxyz".utf8)
    private static let uppercaseAlphanumerics = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf8)

    /// `count` characters drawn uniformly from `alphabet` (rejection sampling).
    package static func string(_ count: Int, from alphabet: [UInt8]) -> String {
        let limit = UInt8(truncatingIfNeeded: 256 - 256 % alphabet.count)
        var output: [UInt8] = []
        output.reserveCapacity(count)
        while output.count < count {
            for byte in RandomByteSource.live.bytes(count * 2) where limit == 0 || byte < limit {
                output.append(alphabet[Int(byte) % alphabet.count])
                if output.count == count { break }
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// A lowercase random (version 4) UUID, as Supabase user, session and identity ids; from
    /// the system CSPRNG directly (Foundation's `UUID()` opens `/dev/urandom` on every call here).
    package static func uuid() -> String {
        var bytes = RandomByteSource.live.bytes(16)
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        var output: [UInt8] = []
        output.reserveCapacity(36)
        for (index, byte) in bytes.enumerated() {
            if index == 4 || index == 6 || index == 8 || index == 10 { output.append(UInt8(ascii: "-")) }
            output.append(hexDigits[Int(byte >> 4)])
            output.append(hexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// A Supabase (legacy v1) refresh token: 12 lowercase alphanumerics.
    package static func supabaseRefreshToken() -> String { string(12, from: lowercaseAlphanumerics) }

    /// A Firebase uid: 28 alphanumerics.
    package static func firebaseUID() -> String { string(28, from: alphanumerics) }

    /// An opaque token of `count` alphanumerics (Firebase refresh tokens, pending tokens).
    package static func opaqueToken(_ count: Int) -> String { string(count, from: alphanumerics) }

    /// A numeric one-time code with `digits` digits, uniformly distributed.
    package static func numericCode(digits: Int) -> String { string(digits, from: Array("0123456789".utf8)) }

    /// A base64url string of `count` characters (oobCodes).
    package static func base64URL(_ count: Int) -> String {
        string(count, from: Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8))
    }

    /// Apple's user identifier shape: `NNNNNN.<32 hex>.NNNN`.
    package static func appleSubject() -> String {
        string(6, from: Array("0123456789".utf8)) + "." + string(32, from: hexDigits) + "." + string(4, from: Array("0123456789".utf8))
    }

    /// Apple's authorization code shape: `c<32 hex>.0.<4 letters>.<22 base64url>`.
    package static func appleAuthorizationCode() -> String {
        "c" + string(32, from: hexDigits) + ".0." + string(4, from: lowercase) + "." + base64URL(22)
    }

    /// Apple's access/refresh token shape, prefixed `a` or `r`.
    package static func appleToken(prefix: String) -> String {
        prefix + string(32, from: hexDigits) + ".0." + string(4, from: lowercase) + "." + base64URL(22)
    }

    /// A Hide My Email relay address.
    package static func appleRelayAddress() -> String {
        string(10, from: lowercaseAlphanumerics) + "@privaterelay.appleid.com"
    }

    /// A Google subject: 21 digits.
    package static func googleSubject() -> String { "1" + string(20, from: Array("0123456789".utf8)) }

    /// A key id: `count` uppercase alphanumerics (Apple kids and team/key ids are 10).
    package static func keyID(_ count: Int) -> String { string(count, from: uppercaseAlphanumerics) }

    /// Lowercase hex of `count` characters (Google kids are 40).
    package static func hex(_ count: Int) -> String { string(count, from: hexDigits) }
}
