import AuthData
import Foundation

/// `lastRefreshAt` in `accounts:lookup`: when an ID token was last minted for the user, by a
/// sign-in or a refresh (firebase-tools `src/emulator/auth/operations.ts` `issueTokens` sets it
/// at both; firebase-admin-python `_user_mgt.py` reads it as `last_refresh_timestamp`).
extension FirebaseStore {
    /// The user as `accounts:lookup` returns it, with `lastRefreshAt`.
    /// - Parameters:
    ///   - user: The user.
    ///   - admin: Whether the caller is an admin (who also sees `customAttributes`).
    /// - Returns: The payload.
    func lookupPayload(_ user: FirebaseUserRecord, admin: Bool) -> FirebaseUserInfoPayload {
        var payload = admin ? user.adminPayload : user.payload
        payload.lastRefreshAt = lastRefreshAt(of: user.localId)
        return payload
    }

    /// The latest of the user's refresh tokens' issue and refresh times, as RFC 3339 with
    /// milliseconds (`2026-01-31T12:00:00.000Z`); `nil` for a user never signed in.
    func lastRefreshAt(of localId: String) -> String? {
        let seconds = rows.refreshTokens(of: localId).compactMap { rows.refreshToken($0) }.map { $0.lastRefreshedAt ?? $0.issuedAt }.max()
        guard let seconds else { return nil }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }
}
