import AuthData
import AuthJWT
import Foundation

/// `accounts:signInWithCustomToken`: a backend's custom token exchanged for a Firebase session
/// (firebase-tools `src/emulator/auth/operations.ts` `signInWithCustomToken`).
extension FirebaseEngine {
    /// Signs in (creating it when new) the user a custom token names; its ID tokens say
    /// `sign_in_provider: custom` and carry the token's developer claims, refreshed ones too (the
    /// refresh token keeps them, as firebase-tools' `issueTokens` does).
    /// - Parameter token: The `token` field (see ``FirebaseCustomToken`` for which are taken).
    /// - Returns: `kind`, `idToken`, `refreshToken`, `expiresIn`, `isNewUser`.
    /// - Throws: What ``FirebaseCustomToken`` refuses; `USER_DISABLED`.
    package func signInWithCustomToken(_ token: String?) async throws(FirebaseFailure) -> JSONObject {
        let custom = try FirebaseCustomToken(parsing: token)
        let now = self.now
        let authTime = nowSeconds
        let (user, isNewUser, refreshToken) = try await mutate { (store: FirebaseStore) throws(FirebaseFailure) in
            let (user, isNewUser) = try store.signInCustomUser(custom.uid, now: now)
            let refreshToken = store.issueRefreshToken(
                for: user.localId, signInProvider: "custom", authTime: authTime, now: now,
                developerClaims: custom.claims.entries.isEmpty ? nil : custom.claims.jsonString)
            return (user, isNewUser, refreshToken)
        }
        let idToken = try mintIDToken(for: user, signInProvider: "custom", authTime: authTime, extraClaims: custom.claims)
        return [
            "kind": .string("identitytoolkit#VerifyCustomTokenResponse"), "idToken": .string(idToken),
            "refreshToken": .string(refreshToken), "expiresIn": .string(expiresIn), "isNewUser": .bool(isNewUser),
        ]
    }
}

extension FirebaseStore {
    /// The user a custom token names, with its last sign-in now; created when there is none.
    /// - Parameters:
    ///   - localId: The token's `uid`.
    ///   - now: The time.
    /// - Returns: The user, and whether it was created.
    /// - Throws: `USER_DISABLED`.
    func signInCustomUser(_ localId: String, now: Date) throws(FirebaseFailure) -> (FirebaseUserRecord, isNewUser: Bool) {
        let millis = Self.millis(now)
        if var user = rows.user(localId) {
            guard !user.disabled else { throw .userDisabled }
            user.lastLoginAt = millis
            rows.save(user)
            return (user, false)
        }
        let user = FirebaseUserRecord(
            localId: localId, emailVerified: false, disabled: false, providers: [], emailLinkSignin: false, hasPassword: false,
            validSince: Int64(now.timeIntervalSince1970), createdAt: millis, lastLoginAt: millis)
        rows.save(user)
        return (user, true)
    }
}
