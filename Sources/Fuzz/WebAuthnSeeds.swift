import AuthWebAuthn
import Crypto

/// Seeds for the WebAuthn entries, fixed so that they are the same on every run: a registration's
/// authenticator data around the WebAuthn spec's example COSE key (section 6.5.1.1), its `none`
/// attestation object, and near-misses of the strict rules.
enum WebAuthnSeeds {
    /// The WebAuthn spec's ES256 COSE_Key example.
    static let specKey: [UInt8] =
        [0xA5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21, 0x58, 0x20]
        + bytes("65eda5a12577c2bae829437fe338701a10aaa375e1bb5b5de108de439c08551d") + [0x22, 0x58, 0x20]
        + bytes("1e52ed75701163f7f9e40ddf9f341b3dc9ba860af7e0ca7ca7e9eecd0084d19c")

    /// Authenticator data of a registration: RP ID `example.com`, UP+UV+AT, counter 1.
    static var registration: [UInt8] {
        Array(SHA256.hash(data: Array("example.com".utf8))) + [0x45, 0, 0, 0, 1] + [UInt8](repeating: 0, count: 16)
            + [0, 16] + [UInt8](repeating: 0xC1, count: 16) + specKey
    }

    static var cbor: [(String, [UInt8])] {
        [
            ("attestation-object-none", AttestationObject.encode(format: "none", statement: .map([]), authenticatorData: registration)),
            ("cose-key", specKey),
            ("appendix-a-nested", bytes("826161a161626163")),
            ("tagged-float", bytes("c1fb41d452d9ec200000")),
            ("duplicate-key", bytes("a2010201 03")),
            ("indefinite-map", bytes("bf61610161629f0203ffff")),
            ("non-shortest", bytes("1817")),
            ("deep", [UInt8](repeating: 0x81, count: 12) + [0x80]),
        ]
    }

    static var authenticatorData: [(String, [UInt8])] {
        let assertion = Array(registration.prefix(37))
        var withExtensions = registration
        withExtensions[32] |= 0x80
        return [
            ("registration", registration),
            ("assertion", assertion.enumerated().map { $0.offset == 32 ? 0x05 : $0.element }),
            ("extensions", withExtensions + bytes("a1 6b 6372656450726f74656374 02")),
            ("trailing", registration + [0]),
            ("long-credential-id", Array(registration.prefix(53)) + [0x04, 0x00]),
        ]
    }

    private static func bytes(_ hex: String) -> [UInt8] {
        let digits = Array(hex.filter { !$0.isWhitespace })
        return stride(from: 0, to: digits.count - 1, by: 2).compactMap { UInt8(String(digits[$0...$0 + 1]), radix: 16) }
    }
}
