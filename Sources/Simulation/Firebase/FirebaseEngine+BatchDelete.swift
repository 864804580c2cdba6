import AuthData
import AuthJWT
import Foundation

/// `projects/{p}/accounts:batchDelete` (firebase-tools `src/emulator/auth/operations.ts`
/// `batchDelete`; firebase-admin-python `_user_mgt.py` `delete_users`).
extension FirebaseEngine {
    /// The most `localIds` one call takes.
    package static let batchDeleteLimit = 1000

    /// Deletes users by `localId`: a uid with no user is skipped (so a repeated call succeeds); a
    /// user still enabled is kept, with a per-uid error, unless `force` is set.
    /// - Parameter body: `localIds` (1 to 1000 strings) and `force`.
    /// - Returns: `{}`, or `errors`: `index`, `localId` and `message` of each user kept.
    /// - Throws: `LOCAL_ID_LIST_EXCEEDS_LIMIT` for none or more than 1000 uids;
    ///   `INVALID_ARGUMENT` when `localIds` is not a list of strings.
    package func batchDelete(_ body: JSONObject) async throws(FirebaseFailure) -> JSONObject {
        let values = body["localIds"]?.arrayValue ?? []
        guard (1...Self.batchDeleteLimit).contains(values.count) else { throw .code("LOCAL_ID_LIST_EXCEEDS_LIMIT") }
        let localIds = values.compactMap(\.stringValue)
        guard localIds.count == values.count else { throw .code("INVALID_ARGUMENT", "localIds must be strings.") }
        let force = body["force"]?.boolValue ?? false
        let errors = try await mutate { (store: FirebaseStore) throws(FirebaseFailure) -> [JSONValue] in
            var errors: [JSONValue] = []
            for (index, localId) in localIds.enumerated() {
                guard let user = store.user(localId) else { continue }
                guard user.disabled || force else {
                    errors.append(
                        .object([
                            "index": .int(Int64(index)), "localId": .string(localId),
                            "message": .string("NOT_DISABLED : Disable the account before batch deletion."),
                        ]))
                    continue
                }
                try store.delete(localId)
            }
            return errors
        }
        return errors.isEmpty ? [:] : ["errors": .array(errors)]
    }
}
