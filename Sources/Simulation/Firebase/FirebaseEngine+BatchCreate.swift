import AuthData
import AuthDomain
import AuthJWT
import Foundation

/// `projects/{p}/accounts:batchCreate`, importing users (firebase-tools
/// `src/emulator/auth/operations.ts` `batchCreate`; firebase-admin-python `_user_mgt.py`
/// `import_users`, `_user_import.py`).
extension FirebaseEngine {
    /// The most users one call imports (firebase-admin-python `MAX_IMPORT_USERS_SIZE`).
    package static let batchCreateLimit = 1000

    /// Imports users with the `localId`s they bring. Request-wide checks refuse the whole call;
    /// a row that fails its own checks is left out with an entry in `error`, and the rest are
    /// imported. A row's `passwordHash` is kept with the request's `hashAlgorithm` and parameters
    /// (``FirebaseImportedPasswordHash``) and checked at `accounts:signInWithPassword`, as Google's
    /// service does; a `rawPassword` is hashed as `accounts:signUp` hashes one.
    /// - Parameter body: `users`, `allowOverwrite`, `sanityCheck`, and the hash options.
    /// - Returns: `kind` and `error` (`index`, `message` of each row left out).
    /// - Throws: `MISSING_USER_ACCOUNT`, `MAXIMUM_USER_COUNT_EXCEEDED`, `DUPLICATE_EMAIL : <email>`
    ///   and `DUPLICATE_RAW_ID : …` (with `sanityCheck`), `DUPLICATE_LOCAL_ID : <uid>` (without
    ///   `allowOverwrite`), `INVALID_ARGUMENT` for a row that is not an object.
    package func batchCreate(_ body: JSONObject) async throws(FirebaseFailure) -> JSONObject {
        let rows = try Self.importRows(body)
        try FirebaseImportedPasswordHash.checkOptions(body)
        var rawHashes: [Int: String] = [:]
        for (index, row) in rows.enumerated() {
            if let raw = row["rawPassword"]?.stringValue, !raw.isEmpty, raw.count <= FirebasePasswordPolicy.ceiling {
                rawHashes[index] = try await hashPassword(Secret(raw))
            }
        }
        let allowOverwrite = body["allowOverwrite"]?.boolValue ?? false
        let sanityCheck = body["sanityCheck"]?.boolValue ?? false
        let now = self.now
        let errors = try await mutate { (store: FirebaseStore) throws(FirebaseFailure) -> [JSONValue] in
            var errors: [JSONValue] = []
            for (index, row) in rows.enumerated() {
                do throws(FirebaseImportError) {
                    let user = try FirebaseImportedUser(row, body: body, rawPasswordHash: rawHashes[index])
                    try store.importUser(user, allowOverwrite: allowOverwrite, sanityCheck: sanityCheck, now: now)
                } catch {
                    errors.append(.object(["index": .int(Int64(index)), "message": .string(error.message)]))
                }
            }
            return errors
        }
        return ["kind": .string("identitytoolkit#UploadAccountResponse"), "error": .array(errors)]
    }

    /// The rows, after the request-wide checks, in firebase-tools' order.
    private static func importRows(_ body: JSONObject) throws(FirebaseFailure) -> [JSONObject] {
        let values = body["users"]?.arrayValue ?? []
        guard !values.isEmpty else { throw .code("MISSING_USER_ACCOUNT") }
        guard values.count <= batchCreateLimit else { throw .code("MAXIMUM_USER_COUNT_EXCEEDED") }
        let rows = values.compactMap(\.objectValue)
        guard rows.count == values.count else { throw .code("INVALID_ARGUMENT", "users must be objects.") }
        if body["sanityCheck"]?.boolValue == true {
            var emails: Set<String> = []
            var rawIds: Set<String> = []
            for row in rows {
                if let email = row["email"]?.stringValue, !emails.insert(email).inserted { throw .code("DUPLICATE_EMAIL", email) }
                for provider in row["providerUserInfo"]?.arrayValue ?? [] {
                    let providerId = provider.objectValue?["providerId"]?.stringValue ?? ""
                    let rawId = provider.objectValue?["rawId"]?.stringValue ?? ""
                    guard rawIds.insert(providerId + "|" + rawId).inserted else {
                        throw .code("DUPLICATE_RAW_ID", "Provider id(\(providerId)), Raw id(\(rawId))")
                    }
                }
            }
        }
        if body["allowOverwrite"]?.boolValue != true {
            var localIds: Set<String> = []
            for row in rows {
                let localId = row["localId"]?.stringValue ?? ""
                guard localIds.insert(localId).inserted else { throw .code("DUPLICATE_LOCAL_ID", localId) }
            }
        }
        return rows
    }
}

extension FirebaseStore {
    /// Writes one checked import row, replacing the account with its `localId` when
    /// `allowOverwrite` is set.
    /// - Parameters:
    ///   - row: The row.
    ///   - allowOverwrite: Whether an existing account may be replaced.
    ///   - sanityCheck: Whether the caller asked for production's duplicate checks (only the wording
    ///     of the duplicate-email message depends on it, as in Google's emulator).
    ///   - now: The time.
    /// - Throws: The row's error: its email or a provider id taken by another account, or an
    ///   existing account without `allowOverwrite`.
    func importUser(_ row: FirebaseImportedUser, allowOverwrite: Bool, sanityCheck: Bool, now: Date) throws(FirebaseImportError) {
        for provider in row.providers {
            if let owner = rows.federatedUser(providerId: provider.providerId, rawId: provider.rawId), owner != row.localId {
                throw "raw id exists in other account in database"
            }
        }
        if let email = row.email, let owner = rows.localId(email: email), owner != row.localId {
            throw sanityCheck
                ? "email exists in other account in database" : "((Auth Emulator does not support importing duplicate email: \(email)))"
        }
        let phone: String?
        do { phone = try checkedPhoneNumber(row.phoneNumber, of: row.localId) } catch {
            throw error.code == "PHONE_NUMBER_EXISTS"
                ? "((phone number exists in other account in database))" : "phone number format is invalid"
        }
        let existing = rows.user(row.localId)
        if existing != nil, !allowOverwrite { throw "localId belongs to an existing account - can not overwrite." }
        for (providerId, rawId) in rows.federatedIDs(of: row.localId) {
            rows.setFederatedUser(providerId: providerId, rawId: rawId, localId: nil)
        }
        var providers = row.providers
        if row.hasPassword, let email = row.email {
            providers.insert(
                FirebaseProviderRecord(
                    providerId: "password", rawId: email, email: email, displayName: row.displayName, photoUrl: row.photoUrl), at: 0)
        }
        var user = FirebaseUserRecord(
            localId: row.localId, email: row.email, emailVerified: row.emailVerified, displayName: row.displayName,
            photoUrl: row.photoUrl, disabled: row.disabled, providers: providers, emailLinkSignin: false, hasPassword: row.hasPassword,
            validSince: Int64(now.timeIntervalSince1970), createdAt: row.createdAt ?? Self.millis(now), lastLoginAt: row.lastLoginAt ?? 0,
            customAttributes: row.customAttributes)
        user.setPassword(hash: row.passwordHash, at: Self.millis(now))
        user.phoneNumber = phone
        user.rebuildBuiltInProviders()
        rows.save(user)
        for provider in row.providers {
            rows.setFederatedUser(providerId: provider.providerId, rawId: provider.rawId, localId: row.localId)
        }
    }
}
