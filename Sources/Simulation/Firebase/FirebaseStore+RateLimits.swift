import AuthData
import Foundation

/// The engine's rate limits (``FirebaseRateLimits``), counted in fixed windows in the project's
/// rows so that they survive a restart as production's do. A window starts at the first event and
/// ends `limit.window` seconds later; nothing resets it early, so asking for a new code does not
/// restore a spent budget.
extension FirebaseStore {
    private var limits: FirebaseRateLimits { configuration.rateLimits }

    /// Refuses a new account when the client created its allowance already.
    /// - Parameters:
    ///   - client: The client's address; `nil` in process (not limited).
    ///   - now: The time.
    /// - Throws: `TOO_MANY_ATTEMPTS_TRY_LATER`.
    func checkNewAccount(client: String?, now: Date) throws(FirebaseFailure) {
        guard let client, let limit = limits.newAccountsPerClient else { return }
        guard allows("new-account|" + client, under: limit, now: now) else { throw .tooManyAttempts }
    }

    /// Counts a new account against the client.
    func recordNewAccount(client: String?, now: Date) {
        guard let client, let limit = limits.newAccountsPerClient else { return }
        record("new-account|" + client, under: limit, now: now)
    }

    /// Refuses any code for an address, or from a client, whose wrong guesses are spent.
    /// - Parameters:
    ///   - email: The address the code is for.
    ///   - client: The client's address; `nil` in process.
    ///   - now: The time.
    /// - Throws: `TOO_MANY_ATTEMPTS_TRY_LATER`.
    func checkCodeAttempts(email: String, client: String?, now: Date) throws(FirebaseFailure) {
        guard allows("wrong-code|email|" + email, under: limits.wrongCodesPerAddress, now: now) else {
            throw .tooManyFailedAttempts
        }
        if let client, let limit = limits.wrongCodesPerClient, !allows("wrong-code|client|" + client, under: limit, now: now) {
            throw .tooManyFailedAttempts
        }
    }

    /// Counts a wrong code against the address and the client; when the address's budget is
    /// spent, its outstanding sign-in codes are burnt.
    func recordWrongCode(email: String, client: String?, now: Date) {
        let count = record("wrong-code|email|" + email, under: limits.wrongCodesPerAddress, now: now)
        if count >= limits.wrongCodesPerAddress.count { rows.deleteOobCodes(email: email, requestType: nil) }
        if let client, let limit = limits.wrongCodesPerClient {
            record("wrong-code|client|" + client, under: limit, now: now)
        }
    }

    /// Refuses a password sign-in to an account whose wrong passwords are spent.
    /// - Throws: `TOO_MANY_ATTEMPTS_TRY_LATER` with production's words.
    func checkPasswordAttempts(localId: String, now: Date) throws(FirebaseFailure) {
        guard let limit = limits.wrongPasswordsPerAccount else { return }
        guard allows("wrong-password|" + localId, under: limit, now: now) else { throw .accountTemporarilyDisabled }
    }

    /// Counts a wrong password against the account.
    func recordWrongPassword(localId: String, now: Date) {
        guard let limit = limits.wrongPasswordsPerAccount else { return }
        record("wrong-password|" + localId, under: limit, now: now)
    }

    /// Restores an account's wrong-password budget (a password reset, as production's message says).
    func resetPasswordAttempts(localId: String) {
        guard rows.rateWindow("wrong-password|" + localId) != nil else { return }
        rows.setRateWindow("wrong-password|" + localId, FirebaseRateWindows.Window(end: .distantPast, count: 0))
    }

    /// Counts a sign-in email against the project's quota.
    /// - Parameter now: The time.
    /// - Throws: `QUOTA_EXCEEDED` when the quota is spent (nothing is counted then).
    func spendEmailQuota(now: Date) throws(FirebaseFailure) {
        guard let limit = limits.emailLinkEmailsPerProject else { return }
        guard allows("email-link|project", under: limit, now: now) else { throw .code("QUOTA_EXCEEDED") }
        record("email-link|project", under: limit, now: now)
    }

    /// Whether the key may count another event: `false` while its window's events are at the limit.
    private func allows(_ key: String, under limit: FirebaseRateLimit, now: Date) -> Bool {
        guard let window = rows.rateWindow(key), now < window.end else { return true }
        return window.count < limit.count
    }

    /// Counts one event; returns the events counted in the current window, this one included.
    @discardableResult
    private func record(_ key: String, under limit: FirebaseRateLimit, now: Date) -> Int {
        if let window = rows.rateWindow(key), now < window.end {
            rows.setRateWindow(key, FirebaseRateWindows.Window(end: window.end, count: window.count + 1))
            return window.count + 1
        }
        rows.purgeRateWindows(endedAt: now)
        rows.setRateWindow(key, FirebaseRateWindows.Window(end: now.addingTimeInterval(limit.window), count: 1))
        return 1
    }
}
