import AuthData
import AuthDomain
import Crypto
import CryptoExtras
import Foundation

/// A password hash imported with `accounts:batchCreate`, kept with its algorithm and parameters
/// so that `accounts:signInWithPassword` can check a password against it, as Google's service
/// does (Identity Platform REST reference, `projects.accounts.batchCreate`
/// `UploadAccountRequest`; firebase-admin-python `_user_import.py` `UserImportHash`; firebase-tools
/// `src/accountImporter.ts` for the parameters' ranges). Google's own emulator keeps the hash
/// without ever checking it (firebase-tools `src/emulator/auth/operations.ts` `batchCreate`).
///
/// `BCRYPT` hashes are kept as the bcrypt string itself (the form the engine stores its own
/// hashes in); every other algorithm is kept as ``storedForm``, a `$firebase-import$` prefix and
/// the base64 of this value as JSON, in the same column.
struct FirebaseImportedPasswordHash: Codable, Equatable {
    /// The request's `hashAlgorithm`.
    let algorithm: String
    /// The decoded `passwordHash` and `salt` of the row.
    let hash: [UInt8]
    let salt: [UInt8]
    /// The decoded `signerKey` (`SCRYPT`, `HMAC_*`) and `saltSeparator` (`SCRYPT`).
    var signerKey: [UInt8] = []
    var saltSeparator: [UInt8] = []
    /// `rounds` (`SCRYPT`'s block size; the iterations of the digests and PBKDF2) and
    /// `memoryCost` (`SCRYPT`'s log2 N).
    var rounds = 0
    var memoryCost = 0
    /// `STANDARD_SCRYPT`: `cpuMemCost` (N), `blockSize`, `parallelization`, `dkLen`.
    var cpuMemCost = 0
    var blockSize = 0
    var parallelization = 0
    var dkLen = 0
    /// `passwordHashOrder`: whether the salt comes before the password (`SALT_AND_PASSWORD`).
    var saltFirst = false

    /// The prefix that marks an imported, non-bcrypt hash in storage.
    static let prefix = "$firebase-import$"

    /// The algorithms this engine checks at sign-in.
    static let supported: Set<String> = [
        "BCRYPT", "SCRYPT", "STANDARD_SCRYPT", "HMAC_MD5", "HMAC_SHA1", "HMAC_SHA256", "HMAC_SHA512",
        "MD5", "SHA1", "SHA256", "SHA512", "PBKDF_SHA1", "PBKDF2_SHA256",
    ]

    /// The form kept in the user's password hash column.
    var storedForm: String {
        let data = (try? JSONEncoder().encode(self)) ?? Data()
        return Self.prefix + data.base64EncodedString()
    }

    /// Reads a stored form.
    /// - Parameter stored: The column's value.
    /// - Returns: The hash, or `nil` for a value that is not an imported hash.
    static func parse(_ stored: String) -> FirebaseImportedPasswordHash? {
        guard stored.hasPrefix(prefix), let data = Data(base64Encoded: String(stored.dropFirst(prefix.count))) else { return nil }
        return try? JSONDecoder().decode(FirebaseImportedPasswordHash.self, from: data)
    }

    /// Whether a password matches, by the algorithm it was imported with.
    /// - Parameter password: The password tried.
    /// - Returns: Whether it matches; `false` for an algorithm or parameters this engine cannot run.
    func matches(_ password: Secret) -> Bool {
        guard let computed = try? compute(Array(password.revealed.utf8)), computed.count == hash.count else { return false }
        return zip(computed, hash).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// The hash of a password under this algorithm and these parameters.
    /// - Parameter password: The password's UTF-8 bytes.
    /// - Returns: The hash's bytes.
    /// - Throws: ``FirebaseImportError`` for an algorithm not served or out-of-range parameters.
    func compute(_ password: [UInt8]) throws -> [UInt8] {
        let ordered = saltFirst ? salt + password : password + salt
        switch algorithm {
        case "SCRYPT": return try firebaseScrypt(password)
        case "STANDARD_SCRYPT":
            guard cpuMemCost > 1, cpuMemCost & (cpuMemCost - 1) == 0, blockSize > 0, parallelization > 0, (1...1024).contains(dkLen) else {
                throw FirebaseImportError("STANDARD_SCRYPT needs cpuMemCost a power of two, blockSize, parallelization and dkLen")
            }
            return try KDF.Scrypt.deriveKey(
                from: password, salt: salt, outputByteCount: dkLen, rounds: cpuMemCost, blockSize: blockSize, parallelism: parallelization
            ).withUnsafeBytes { Array($0) }
        case "HMAC_MD5": return Array(HMAC<Insecure.MD5>.authenticationCode(for: ordered, using: SymmetricKey(data: signerKey)))
        case "HMAC_SHA1": return Array(HMAC<Insecure.SHA1>.authenticationCode(for: ordered, using: SymmetricKey(data: signerKey)))
        case "HMAC_SHA256": return Array(HMAC<SHA256>.authenticationCode(for: ordered, using: SymmetricKey(data: signerKey)))
        case "HMAC_SHA512": return Array(HMAC<SHA512>.authenticationCode(for: ordered, using: SymmetricKey(data: signerKey)))
        case "MD5": return Self.iterate(Insecure.MD5.self, ordered, rounds: rounds)
        case "SHA1": return Self.iterate(Insecure.SHA1.self, ordered, rounds: rounds)
        case "SHA256": return Self.iterate(SHA256.self, ordered, rounds: rounds)
        case "SHA512": return Self.iterate(SHA512.self, ordered, rounds: rounds)
        case "PBKDF_SHA1", "PBKDF2_SHA256":
            let function: KDF.Insecure.PBKDF2.HashFunction = algorithm == "PBKDF_SHA1" ? .insecureSHA1 : .sha256
            return try KDF.Insecure.PBKDF2.deriveKey(
                from: password, salt: salt, using: function, outputByteCount: max(hash.count, 1), unsafeUncheckedRounds: max(rounds, 1)
            ).withUnsafeBytes { Array($0) }
        default: throw FirebaseImportError("hashAlgorithm \(algorithm) is not served by this emulator")
        }
    }

    /// Firebase's modified scrypt (github.com/firebase/scrypt, README "Password Hashing"): scrypt
    /// of the password with the salt followed by the salt separator (N = 2^memoryCost, r = rounds,
    /// p = 1, 32 bytes); that key encrypts the project's signer key with AES-256-CTR, counter
    /// block zero; the ciphertext is the hash.
    private func firebaseScrypt(_ password: [UInt8]) throws -> [UInt8] {
        guard (1...8).contains(rounds), (1...14).contains(memoryCost), !signerKey.isEmpty else {
            throw FirebaseImportError("SCRYPT needs signerKey, rounds 1...8 and memoryCost 1...14")
        }
        let key = try KDF.Scrypt.deriveKey(
            from: password, salt: salt + saltSeparator, outputByteCount: 32, rounds: 1 << memoryCost, blockSize: rounds, parallelism: 1)
        let nonce = try AES._CTR.Nonce(nonceBytes: [UInt8](repeating: 0, count: 16))
        return Array(try AES._CTR.encrypt(signerKey, using: key, nonce: nonce))
    }

    /// A digest of the input, then of each digest again until `rounds` digests are taken (at
    /// least one; `MD5` allows 0 rounds, read here as one).
    private static func iterate<H: HashFunction>(_: H.Type, _ input: [UInt8], rounds: Int) -> [UInt8] {
        var value = Array(H.hash(data: input))
        if rounds > 1 { for _ in 1..<rounds { value = Array(H.hash(data: value)) } }
        return value
    }
}
