import AuthData
import AuthJWT
import Foundation

/// A firebase-tools `auth:export` JSON file (`{"users": [...]}`, src/accountExporter.ts) read as
/// `auth:import` reads it (src/accountImporter.ts: `lastSignedInAt` is `lastLoginAt`), each row
/// checked as the emulator's `accounts:batchCreate` checks one (``FirebaseImportedUser``), with the
/// hash options `auth:import` takes as flags (`--hash-algo`, `--hash-key`, `--salt-separator`,
/// `--rounds`, `--mem-cost`, …: the request's `hashAlgorithm`, `signerKey`, `saltSeparator`,
/// `rounds`, `memoryCost`, …).
struct FirebaseSeedFile: Sendable, Hashable {
    /// The file's name, for errors.
    let name: String?
    /// The rows, as `accounts:batchCreate` would send them, with the hash options beside them.
    let body: JSONObject

    /// The hash options' names, in the file's top level or given apart.
    static let hashOptionNames = [
        "hashAlgorithm", "signerKey", "saltSeparator", "rounds", "memoryCost", "cpuMemCost", "blockSize", "parallelization", "dkLen",
        "passwordHashOrder",
    ]

    /// Reads a file.
    /// - Parameters:
    ///   - object: The file's JSON.
    ///   - name: Its name.
    ///   - hashOptions: Hash options given apart (over those of the file).
    /// - Throws: ``UserSeedError`` for a file without a `users` array of objects, or hash options
    ///   firebase-tools refuses.
    init(_ object: JSONObject, name: String?, hashOptions: JSONObject) throws(UserSeedError) {
        guard let users = object["users"]?.arrayValue else { throw UserSeedError("the file has no \"users\" array", file: name) }
        var body: JSONObject = [:]
        for key in Self.hashOptionNames { body[key] = hashOptions[key] ?? object[key] }
        var rows: [JSONValue] = []
        for (index, value) in users.enumerated() {
            guard var row = value.objectValue else { throw UserSeedError("a user must be a JSON object", file: name, row: index + 1) }
            if row["lastLoginAt"] == nil, let last = row["lastSignedInAt"] { row["lastLoginAt"] = last }
            row["lastSignedInAt"] = nil
            rows.append(.object(row))
        }
        body["users"] = .array(rows)
        do { try FirebaseImportedPasswordHash.checkOptions(body) } catch { throw UserSeedError(error.message, file: name) }
        self.name = name
        self.body = body
    }

    /// The rows checked, each as ``FirebaseImportedUser``, with duplicates inside the file refused.
    func users() throws(UserSeedError) -> [(row: Int, user: FirebaseImportedUser)] {
        var users: [(row: Int, user: FirebaseImportedUser)] = []
        var (ids, emails, federated) = (Set<String>(), Set<String>(), Set<String>())
        for (index, value) in (body["users"]?.arrayValue ?? []).enumerated() {
            let number = index + 1
            let user: FirebaseImportedUser
            do { user = try FirebaseImportedUser(value.objectValue ?? [:], body: body) } catch {
                throw UserSeedError(error.message, file: name, row: number)
            }
            guard ids.insert(user.localId).inserted else { throw UserSeedError("localId is another row's", file: name, row: number) }
            if let email = user.email, !emails.insert(email).inserted {
                throw UserSeedError("email is another row's", file: name, row: number)
            }
            for provider in user.providers where !federated.insert(provider.providerId + "\n" + provider.rawId).inserted {
                throw UserSeedError("providerUserInfo \(provider.providerId) rawId is another row's", file: name, row: number)
            }
            users.append((number, user))
        }
        return users
    }
}
