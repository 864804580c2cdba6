import AuthDomain
import Foundation
import Testing

@testable import AuthSimulation

/// TOTP against RFC 6238 Appendix B's published SHA-1 vectors (key "12345678901234567890", 8
/// digits) and the services' parameters (GoTrue internal/api/mfa.go `verifyTOTPFactor`:
/// `Period: 30, Skew: 1, Digits: 6, Algorithm: SHA1`).
@Suite struct TOTPTests {
    /// RFC 6238 Appendix B, the SHA-1 column.
    static let rfc6238: [(seconds: TimeInterval, code: String)] = [
        (59, "94287082"), (1_111_111_109, "07081804"), (1_111_111_111, "14050471"),
        (1_234_567_890, "89005924"), (2_000_000_000, "69279037"), (20_000_000_000, "65353130"),
    ]
    static let rfcSecret = Secret(Base32.encode(Array("12345678901234567890".utf8)))

    @Test func matchesRFC6238Vectors() throws {
        let totp = TOTP(digits: 8)
        for vector in Self.rfc6238 {
            #expect(try totp.code(for: Self.rfcSecret, at: Date(timeIntervalSince1970: vector.seconds)) == vector.code)
        }
    }

    @Test func sixDigitCodesAreTheVectorsLastSix() throws {
        for vector in Self.rfc6238 {
            let code = try TOTP().code(for: Self.rfcSecret, at: Date(timeIntervalSince1970: vector.seconds))
            #expect(code == String(vector.code.suffix(6)))
        }
    }

    @Test func acceptsOneStepOfSkewEitherSideAndNoMore() throws {
        let totp = TOTP()
        let now = Date(timeIntervalSince1970: 1_234_567_890)
        let step = totp.step(at: now)
        let key = try TOTP.key(Self.rfcSecret)
        for offset in -1...1 {
            #expect(
                try totp.matchingStep(of: totp.code(key: key, step: step + Int64(offset)), for: Self.rfcSecret, at: now)
                    == step + Int64(offset))
        }
        for offset in [-2, 2] {
            #expect(try totp.matchingStep(of: totp.code(key: key, step: step + Int64(offset)), for: Self.rfcSecret, at: now) == nil)
        }
    }

    @Test(arguments: ["", "12345", "1234567", "12345a", "１２３４５６", " 123456", "-12345"])
    func refusesCodesThatAreNotSixDigits(_ code: String) throws {
        #expect(try TOTP().matchingStep(of: code, for: Self.rfcSecret, at: Date()) == nil)
    }

    @Test func refusesASecretThatIsNotBase32() {
        #expect(throws: TOTPError.invalidSecret) { try TOTP().code(for: Secret("not base32!"), at: Date()) }
        #expect(throws: TOTPError.invalidSecret) { try TOTP().code(for: Secret(""), at: Date()) }
    }

    @Test func secondsLeftCountDownWithinTheStep() {
        #expect(TOTP().secondsLeft(at: Date(timeIntervalSince1970: 60)) == 30)
        #expect(TOTP().secondsLeft(at: Date(timeIntervalSince1970: 89.5)) == 1)
    }

    /// RFC 4648 section 10's base32 vectors.
    @Test func base32MatchesRFC4648() {
        let vectors = ["": "", "f": "MY", "fo": "MZXQ", "foo": "MZXW6", "foob": "MZXW6YQ", "fooba": "MZXW6YTB", "foobar": "MZXW6YTBOI"]
        for (plain, encoded) in vectors {
            #expect(Base32.encode(Array(plain.utf8)) == encoded)
            #expect(Base32.decode(encoded) == Array(plain.utf8))
            #expect(Base32.decode(encoded.lowercased() + "===") == Array(plain.utf8))
        }
        #expect(Base32.decode("MZXW6Y1B") == nil)
        #expect(Base32.decode("MZ XW") == nil)
    }

    @Test func enrollmentURIHasTheKeyURIFormatAndATwentyByteSecret() throws {
        let enrollment = TOTPEnrollment(issuer: "example.com", accountName: "ada@example.com")
        #expect(try TOTP.key(enrollment.secret).count == 20)
        #expect(
            enrollment.uri.revealed == "otpauth://totp/example.com:ada@example.com?algorithm=SHA1&digits=6&issuer=example.com"
                + "&period=30&secret=\(enrollment.secret.revealed)")
        #expect(!"\(enrollment.secret)".contains(enrollment.secret.revealed))
    }
}
