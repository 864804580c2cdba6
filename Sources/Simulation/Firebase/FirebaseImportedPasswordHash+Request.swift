import AuthData
import AuthJWT
import Foundation

/// Reading an imported hash from an `accounts:batchCreate` request: the hash options are the
/// request's (`hashAlgorithm`, `signerKey`, `saltSeparator`, `rounds`, `memoryCost`,
/// `cpuMemCost`, `blockSize`, `parallelization`, `dkLen`, `passwordHashOrder`), the hash and salt
/// the row's (`passwordHash`, `salt`), all bytes as base64 (firebase-admin-python
/// `_user_import.py` sends them URL-safe; both alphabets are read).
extension FirebaseImportedPasswordHash {
    /// The request-wide check: an algorithm this engine can check, with parameters in the ranges
    /// firebase-admin and firebase-tools (`src/accountImporter.ts`) allow.
    /// - Parameter body: The request.
    /// - Throws: `INVALID_ARGUMENT` naming the field, when a row has a `passwordHash`.
    static func checkOptions(_ body: JSONObject) throws(FirebaseFailure) {
        let rows = body["users"]?.arrayValue ?? []
        guard rows.contains(where: { $0.objectValue?["passwordHash"]?.stringValue?.isEmpty == false }) else { return }
        guard let algorithm = body["hashAlgorithm"]?.stringValue, !algorithm.isEmpty else {
            throw .code("INVALID_ARGUMENT", "hashAlgorithm is required to import password hashes.")
        }
        guard supported.contains(algorithm) else {
            throw .code("INVALID_ARGUMENT", "hashAlgorithm \(algorithm.prefix(32)) is not served by this emulator.")
        }
        let rounds = body["rounds"]?.intValue ?? 0
        let range: ClosedRange<Int64>? =
            switch algorithm {
            case "SCRYPT": 1...8
            case "MD5": 0...8192
            case "SHA1", "SHA256", "SHA512": 1...8192
            case "PBKDF_SHA1", "PBKDF2_SHA256": 0...120_000
            default: nil
            }
        if let range, !range.contains(rounds) { throw .code("INVALID_ARGUMENT", "rounds must be in \(range) for \(algorithm).") }
        if algorithm == "SCRYPT", !(1...14).contains(body["memoryCost"]?.intValue ?? 0) {
            throw .code("INVALID_ARGUMENT", "memoryCost must be in 1...14 for SCRYPT.")
        }
        if algorithm == "SCRYPT" || algorithm.hasPrefix("HMAC_"), bytes(body["signerKey"]).isEmpty {
            throw .code("INVALID_ARGUMENT", "signerKey is required for \(algorithm).")
        }
        if algorithm == "STANDARD_SCRYPT" {
            let cost = body["cpuMemCost"]?.intValue ?? 0
            guard cost > 1, cost <= 1 << 20, cost & (cost - 1) == 0, (1...16).contains(body["blockSize"]?.intValue ?? 0),
                (1...16).contains(body["parallelization"]?.intValue ?? 0), (1...1024).contains(body["dkLen"]?.intValue ?? 0)
            else {
                throw .code(
                    "INVALID_ARGUMENT", "STANDARD_SCRYPT needs cpuMemCost a power of two up to 2^20, blockSize, parallelization, dkLen.")
            }
        }
    }

    /// The stored form of a row's hash, or `nil` for a row without one.
    /// - Parameters:
    ///   - row: The row.
    ///   - body: The request (checked with ``checkOptions(_:)``).
    /// - Returns: The bcrypt string for `BCRYPT`, else ``storedForm``.
    /// - Throws: The row's error for a hash that is not base64 or not a bcrypt string.
    static func stored(row: JSONObject, body: JSONObject) throws(FirebaseImportError) -> String? {
        guard let encoded = row["passwordHash"]?.stringValue, !encoded.isEmpty else { return nil }
        guard let hash = decode(encoded), !hash.isEmpty, hash.count <= 1024 else { throw "passwordHash is not base64" }
        let algorithm = body["hashAlgorithm"]?.stringValue ?? ""
        if algorithm == "BCRYPT" {
            guard let text = String(bytes: hash, encoding: .utf8), (try? BcryptHash(parsing: text)) != nil else {
                throw "passwordHash is not a bcrypt hash"
            }
            return text
        }
        let order = body["passwordHashOrder"]?.stringValue ?? "UNSPECIFIED_ORDER"
        var value = FirebaseImportedPasswordHash(algorithm: algorithm, hash: hash, salt: bytes(row["salt"]))
        value.signerKey = bytes(body["signerKey"])
        value.saltSeparator = bytes(body["saltSeparator"])
        value.rounds = Int(body["rounds"]?.intValue ?? 0)
        value.memoryCost = Int(body["memoryCost"]?.intValue ?? 0)
        value.cpuMemCost = Int(body["cpuMemCost"]?.intValue ?? 0)
        value.blockSize = Int(body["blockSize"]?.intValue ?? 0)
        value.parallelization = Int(body["parallelization"]?.intValue ?? 0)
        value.dkLen = Int(body["dkLen"]?.intValue ?? 0)
        // Without an order, the plain digests take the salt first and the HMACs the password
        // first (firebase-admin-node test/integration/auth.spec.ts, its import cases).
        value.saltFirst =
            order == "SALT_AND_PASSWORD" || (order != "PASSWORD_AND_SALT" && ["MD5", "SHA1", "SHA256", "SHA512"].contains(algorithm))
        return value.storedForm
    }

    private static func bytes(_ value: JSONValue?) -> [UInt8] { value?.stringValue.flatMap(decode) ?? [] }

    /// Standard or URL-safe base64, padded or not, at most 4 KiB of text.
    private static func decode(_ text: String) -> [UInt8]? {
        guard text.count <= 4096 else { return nil }
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
        return Data(base64Encoded: standard).map(Array.init)
    }
}
