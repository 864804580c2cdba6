import AuthData
import AuthDomain
import Foundation

/// The Admin API (`/v1/projects/{project}/accounts…`, Bearer `owner` on the emulator) and the
/// emulator-only routes.
extension FirebaseEngine {
    /// Revokes every refresh token and ID token of a user issued before now.
    package func adminRevokeRefreshTokens(localId: String) async throws(FirebaseFailure) {
        var request = FirebaseUpdateRequest(idToken: nil)
        request.validSince = FirebaseInt64(nowSeconds + 1)
        _ = try await mutate { (store: FirebaseStore) throws(FirebaseFailure) in
            try store.update(localId, with: request, isAdmin: true, now: now)
        }
    }

    /// `POST /v1/projects/{p}/accounts`: creates a user (with a password, checked against
    /// Firebase's minimum and the project's policy, and hashed).
    package func adminCreateUser(_ request: FirebaseSignUpRequest) async throws(FirebaseFailure) -> FirebaseSignUpResponse {
        let hash = try await checkedHash(request.password)
        let user = try await mutate { (store: FirebaseStore) throws(FirebaseFailure) in
            try store.createUser(request, passwordHash: hash, now: now)
        }
        return FirebaseSignUpResponse(localId: user.localId, idToken: nil, refreshToken: nil, expiresIn: nil)
    }

    /// `POST /v1/projects/{p}/accounts:lookup` by `localId`, `email`, `phoneNumber` or `federatedUserId`.
    package func adminLookup(_ request: FirebaseAccountRequest) async throws(FirebaseFailure) -> FirebaseLookupResponse {
        let users = try inspect { (store: FirebaseStore) throws(FirebaseFailure) in
            store.users(
                localIds: request.localId?.values ?? [], emails: request.email ?? [], phoneNumbers: request.phoneNumber ?? [],
                federated: request.federatedUserId ?? []
            ).map { store.lookupPayload($0, admin: true) }
        }
        var payloads = users
        for index in payloads.indices { payloads[index].mfaInfo = try mfaInfo(of: payloads[index].localId) }
        return FirebaseLookupResponse(users: payloads.isEmpty ? nil : payloads)
    }

    /// `POST /v1/projects/{p}/accounts:update` by `localId`.
    package func adminUpdate(_ request: FirebaseUpdateRequest) async throws(FirebaseFailure) -> FirebaseUpdateResponse {
        guard let localId = request.localId else { throw .code("MISSING_LOCAL_ID") }
        let hash = try await checkedHash(request.password)
        return await FirebaseUpdateResponse(
            user: try mutate { (store: FirebaseStore) throws(FirebaseFailure) in
                try store.update(localId, with: request, passwordHash: hash, isAdmin: true, now: now)
            }.payload)
    }

    /// A new password's hash after the policy, or `nil` when none was sent.
    private func checkedHash(_ password: Secret?) async throws(FirebaseFailure) -> String? {
        guard let password, !password.isEmpty else { return nil }
        try projectConfig().passwordPolicy.check(password.revealed)
        return try await hashPassword(password)
    }

    /// `POST /v1/projects/{p}/accounts:delete` by `localId`.
    package func adminDelete(localId: String?) async throws(FirebaseFailure) {
        guard let localId else { throw .code("MISSING_LOCAL_ID") }
        try await mutate { (store: FirebaseStore) throws(FirebaseFailure) in try store.delete(localId) }
    }

    /// `DELETE /emulator/v1/projects/{p}/accounts`.
    package func wipeAccounts() async throws(FirebaseFailure) {
        try await mutate { (store: FirebaseStore) throws(FirebaseFailure) in store.wipe() }
    }

    /// `GET /emulator/v1/projects/{p}/oobCodes`.
    package func oobCodes() async throws(FirebaseFailure) -> [(email: String, oobCode: String, oobLink: String, requestType: String)] {
        try inspect { (store: FirebaseStore) throws(FirebaseFailure) in store.pendingOobCodes }.map {
            let mode = Self.mode(of: $0.record.requestType)
            let link = configuration.actionURL + "?mode=" + mode + "&lang=en&oobCode=" + $0.code + "&apiKey=fake-api-key"
            return ($0.record.email, $0.code, link, $0.record.requestType)
        }
    }
}
