import AuthDomain
import Foundation
import Testing

@testable import AuthSimulation

/// The hashes `accounts:batchCreate` imports, each checked against a value computed elsewhere:
/// Firebase's modified scrypt against the published sample of github.com/firebase/scrypt
/// (README, "Password Hashing"); the others against Python's `hashlib` and `hmac` (standard
/// library), with the input orders of firebase-admin-node `test/integration/auth.spec.ts`'s
/// import cases (HMAC of password then salt; digests of salt then password). Google's reference:
/// Identity Platform `projects.accounts.batchCreate`; firebase-admin-python `_user_import.py`.
@Suite struct FirebaseImportedPasswordHashTests {
    struct Vector: Sendable, CustomTestStringConvertible {
        let algorithm: String
        let hash: String
        var rounds = 0
        var testDescription: String { algorithm }
    }

    private static func bytes(_ text: String) -> [UInt8] { Array(Data(base64Encoded: text)!) }

    @Test("Firebase scrypt: the published sample's password matches, another does not")
    func firebaseScryptSample() throws {
        var sample = FirebaseImportedPasswordHash(
            algorithm: "SCRYPT",
            hash: Self.bytes("lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ=="),
            salt: Self.bytes("42xEC+ixf3L2lw=="))
        sample.signerKey = Self.bytes("jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==")
        sample.saltSeparator = Self.bytes("Bw==")
        sample.rounds = 8
        sample.memoryCost = 14
        #expect(sample.matches(Secret("user1password")))
        #expect(!sample.matches(Secret("user2password")))
        // Kept and read back with its parameters.
        #expect(FirebaseImportedPasswordHash.parse(sample.storedForm) == sample)
        var outOfRange = sample
        outOfRange.memoryCost = 15
        #expect(!outOfRange.matches(Secret("user1password")))
    }

    static let vectors: [Vector] = [
        Vector(algorithm: "HMAC_MD5", hash: "FjiQBacBv76Zxu3bljirdQ=="),
        Vector(algorithm: "HMAC_SHA1", hash: "GysDDD+i+zqvFtxuq9ifAQPj7To="),
        Vector(algorithm: "HMAC_SHA256", hash: "YGS2kAP5egrq0Jxewriy/G4uhjwVoLTn8z6Dcd7IO3c="),
        Vector(
            algorithm: "HMAC_SHA512",
            hash: "XwdU+GnsUlo13RiAg9IwR+YSASmVY7q9pnSY/iS3mBB1G3wpcb5yrIevehCweziZpFFUyF4gX7/rNYw7QXBg6Q=="),
        Vector(algorithm: "MD5", hash: "s2uawQs27+Ria3OFj/3cmQ==", rounds: 2),
        Vector(algorithm: "SHA1", hash: "N80b9KOE2+dH3SGI3/aQgWscfJQ=", rounds: 2),
        Vector(algorithm: "SHA256", hash: "135tdOO6/yPEvNjdkVl7MZBlL0E1VTM3eTvttlY9xXo=", rounds: 2),
        Vector(
            algorithm: "SHA512",
            hash: "HRBUMJfADanrte0xEjhyG9Uo7Np1bXaMOZXzG3Y0x70UQFiJMd7htXVvmNlhzdy1sp3lhspX5yZyVVX27rQZ/w==", rounds: 2),
        Vector(algorithm: "PBKDF_SHA1", hash: "TxaIZhweSa+DE+OwiQRsaXx2C1o=", rounds: 1000),
        Vector(
            algorithm: "PBKDF2_SHA256",
            hash: "XvkiYTuc1+uPE6YxNzz3JaX3rRJQKbuecIzUCOo6P444jYQYUKfYb/UtnIzNrXEo5mPvHfUzj3h58lA7V6+7DQ==", rounds: 1000),
    ]

    @Test("each algorithm matches Python's value for the same password, salt and key", arguments: vectors)
    func algorithm(_ vector: Vector) {
        var hash = FirebaseImportedPasswordHash(algorithm: vector.algorithm, hash: Self.bytes(vector.hash), salt: Array("NaCl-salt".utf8))
        hash.signerKey = Array("secret-key".utf8)
        hash.rounds = vector.rounds
        hash.saltFirst = !vector.algorithm.hasPrefix("HMAC_") && !vector.algorithm.hasPrefix("PBKDF")
        #expect(hash.matches(Secret("user1password")))
        #expect(!hash.matches(Secret("user1passwore")))
    }

    @Test("standard scrypt (STANDARD_SCRYPT) matches Python's hashlib.scrypt")
    func standardScrypt() {
        var hash = FirebaseImportedPasswordHash(
            algorithm: "STANDARD_SCRYPT",
            hash: Self.bytes("y0uElJ/WmTxYYCXbA9JDrKF+d3wEqu3+dmBM5yms+Lm+LdnTZ7s6/3LdhpLSF1+QxTCO3vDdcYD2suOiMGw4wg=="),
            salt: Array("NaCl-salt".utf8))
        (hash.cpuMemCost, hash.blockSize, hash.parallelization, hash.dkLen) = (1024, 8, 1, 64)
        #expect(hash.matches(Secret("user1password")))
        #expect(!hash.matches(Secret("user1passwor")))
    }

    @Test("an algorithm not served never matches")
    func unknownAlgorithm() {
        let hash = FirebaseImportedPasswordHash(algorithm: "ARGON2", hash: [1, 2, 3], salt: [])
        #expect(!hash.matches(Secret("anything")))
    }
}
