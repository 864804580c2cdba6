import AuthData

/// `passkeyInfo` in `accounts:lookup` and `deletePasskey` in `accounts:update` (Google's reference:
/// `GoogleCloudIdentitytoolkitV1UserInfo.passkeyInfo`, `SetAccountInfoRequest.deletePasskey`).
extension FirebaseStore {
    /// The most credential IDs one `accounts:update` deletes (an emulator bound).
    static let maxDeletedPasskeys = 100

    /// Deletes the user's passkeys with these credential IDs (proto3 base64). An ID that is not
    /// base64 or not one of the user's is `PASSKEY_ENROLLMENT_NOT_FOUND` (Google does not publish
    /// this case's answer), and then nothing is deleted.
    func deletePasskeys(_ credentialIDs: [String], of localId: String) throws(FirebaseFailure) {
        guard !credentialIDs.isEmpty else { return }
        guard credentialIDs.count <= Self.maxDeletedPasskeys else { throw .code("INVALID_REQ_TYPE", "too many deletePasskey entries") }
        let owned = rows.passkeys.passkeys(userID: localId)
        var doomed: [String] = []
        for text in credentialIDs {
            guard let bytes = PasskeyByteEncoding.proto3.decode(text), let passkey = owned.first(where: { $0.credentialID == bytes }) else {
                throw .passkeyEnrollmentNotFound
            }
            doomed.append(passkey.id)
        }
        for id in doomed { rows.passkeys.deletePasskey(id: id) }
    }
}

extension FirebaseEngine {
    /// The user's passkeys as `accounts:lookup` lists them (absent without any).
    func passkeyInfo(of localId: String) throws(FirebaseFailure) -> [FirebasePasskeyInfoPayload]? {
        let passkeys = try inspect { (store: FirebaseStore) throws(FirebaseFailure) in store.rows.passkeys.passkeys(userID: localId) }
        guard !passkeys.isEmpty else { return nil }
        return passkeys.map {
            FirebasePasskeyInfoPayload(name: $0.friendlyName, credentialId: PasskeyByteEncoding.proto3.encode($0.credentialID))
        }
    }
}
