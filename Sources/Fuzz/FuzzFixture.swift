import AuthJWT
import CryptoExtras

/// The fixed world every fuzz entry runs in: one published RSA key, one relying party, one
/// clock reading. Fixed so that a saved input replays to the same path on any machine.
enum FuzzFixture {
    /// A throwaway 2048-bit RSA key made for fuzzing this package. It signs the seed corpus and
    /// the `signed-claims` inputs; it protects nothing and is published on purpose.
    static let keyPEM = """
        -----BEGIN PRIVATE KEY-----
        MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQC0RbdqcOu/t6xr
        0/WczLUmhBssO6pschAmC7WRTUKZRyblwj9bsdRbQNi8pOIMZeiWTtvmGzyfIdxe
        D93trWyF8FTeyRoQLcS5JgG13pQ6i3SmD/+tRbccE7BjZj2LeV1050aCQGq63kRd
        ztE+9C61JWP4hy0Orm9VZ6SZpE3W95n3lW6AtcSfh40IqZ8mJdryMovR6cQq+NJz
        v0qRtHtLjFhFFcSPpIhtrplujUt3/0Y4KNaOMU0btsZXnjXqLaeM3yLVYbGbj8md
        jSYWVYp+ZWNf1o294awFtOSWI6fKVYlq5OR7wtkOPUPfVll2ujNJ8VbSLYEcEOBO
        GWgwnCiDAgMBAAECggEAC0k+FWziZYtTQSDxBJMQWEv3A4rsvYNanXcoM+OZYs1A
        kyvZGZ2FhP0HVLAh8tLCf/6J59sWrYPKLx1hMIsl+zCzr4r5lb+3zDuj6cX4k729
        XNQtlqSBtUFKTr7M5ZmAj1wXXvo3dGGL+C+FjCJvdinUG3AjEwM6tycY+AGAWg/l
        bL64d/mlhgzgHwU815hXc7U2FdeXMQ8uz+93K7uW5BUTGWRgFXgGCaT+57OpRo4S
        HDkEmAXKqqzcXLPazJgEzo3wl9JueRo3vf8JIBtEKc1Py/JFhcpbJDwy3Kylf+Y3
        0eUny728KexUVRWKJSdpXbxynqPhNdMHlrFyNlb6cQKBgQDb7hrFqmzgLL/S9wiP
        k7Rsc4bIuX1Uimg8rsuSmPoP22M50Ahvf/5n811pzFB2iaIluAfJDy8wUamiCyV0
        KWLxENKdA4OEdV1YvvBvKSPH5UI1ciiDqYetcAnYc8J33e6bL3Aww7UQo/X96x9r
        ndHlkLJa+WrB+KBWnCyHQd+RCwKBgQDR1o6csHeYCQ+X4kAMNpatclaLr89jy1fg
        ok5ulamY0Y8O9F4KIuv50Irtk/oChvTTfSBQwO8aE8RzgM5kQoTeoVBF0a3dkHjk
        iJXn9Xffm1qcGVnXaYasIEj1flDUS8G7AA8VHxg1YBPYXYrlcXykgOqbEbHY7OSQ
        U3Wmm63haQKBgAUSFU3vYvk8LuQHTAw7ZJKHi1j/ZdNYKZUUlp73pfRNo5kGodso
        QU5WPxYcXtKM08840f0hu33KtDWHOkLWXXCfaauzFAouxoswQ8zcTvXh5EflLOf0
        NaubBK8X5CjtVf3/9v840+jhTt+e1yedCOTZFDOiwoJcYB3/Fcu8ihIHAoGBAMCb
        7POul1gamRGVP6z2PoCevwohKoAzmko7MTsYbUA0utfDPr6XJ3t7DMreVVIUho3K
        AOue7NpG4sASr2AgHs4ry/8KZElH33AGX3M3Qf0iIJ3AN1MfLdq5F78fXxo/H2iC
        uVVt4U69DfpAgsnwzbRCERadu12etH413Xw80fJhAoGBAK1IFLDzT1JY6NmEhmx+
        esv/Wqqx6TfxL36jCgrWbv7yGUS3Mm4LIS3nARE7Z9GGPbScicXvhXlz/7F4wKfd
        p5qSjgY6PzD7hRGnZMq0EZ05lDZyccVE2I5eSpULkaE/UFBRs1xa0hVZgDilc4Ft
        PMsXsq3dqWkeh2+7lPBiSV2U
        -----END PRIVATE KEY-----
        """

    /// The key id the fixture publishes the key under.
    static let keyID = "FUZZKEY001"
    /// The relying party's client id.
    static let clientID = "com.example.authcoordinator"
    /// The raw nonce sent beside every token.
    static let rawNonce = "fuzz-raw-nonce-0123456789abcdefgh"
    /// The verification time, seconds since 1970 (2026-01-01).
    static let now: Int64 = 1_767_225_600

    /// The private key.
    static let privateKey: _RSA.Signing.PrivateKey = {
        do { return try _RSA.Signing.PrivateKey(pemRepresentation: keyPEM) } catch { fatalError("fuzz key: \(error)") }
    }()

    /// The published key set.
    static let keys: JWKSet = {
        do { return JWKSet(keys: [try RSAJWK(keyID: keyID, publicKey: privateKey.publicKey)]) } catch { fatalError("fuzz JWK: \(error)") }
    }()

    /// Apple's policy for ``clientID``.
    static let policy = IDTokenPolicy.apple(clientIDs: [clientID])

    /// The verifier under test.
    static let verifier = IDTokenVerifier(policy: policy)

    /// RS256 (PKCS#1 v1.5, deterministic) signature of `input` with the fixture key.
    /// - Parameter input: The signing input.
    /// - Returns: The raw signature bytes.
    static func signature(for input: [UInt8]) -> [UInt8] {
        do { return Array(try privateKey.signature(for: input, padding: .insecurePKCS1v1_5).rawRepresentation) } catch {
            fatalError("signing: \(error)")
        }
    }

    /// A compact JWS of raw header and payload text, signed with the fixture key.
    /// - Parameters:
    ///   - header: Header JSON text (not checked).
    ///   - payload: Payload JSON text (not checked).
    /// - Returns: The token.
    static func sign(header: [UInt8], payload: [UInt8]) -> String {
        let input = Base64URL.encode(header) + "." + Base64URL.encode(payload)
        return input + "." + Base64URL.encode(signature(for: Array(input.utf8)))
    }
}
