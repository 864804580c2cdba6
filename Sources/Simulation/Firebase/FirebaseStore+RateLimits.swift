import AuthData
import Foundation

/// The engine's rate limits (``FirebaseRateLimits``), counted in the project's state so that they
/// survive a restart as production's do.
extension FirebaseStore {
    private var limits: FirebaseRateLimits { configuration.rateLimits }

    /// Refuses a new account when the client created its allowance already.
    /// - Parameters:
    ///   - client: The client's address; `nil` in process (not limited).
    ///   - now: The time.
    /// - Throws: `TOO_MANY_ATTEMPTS_TRY_LATER`.
    func checkNewAccount(client: String?, now: Date) throws(FirebaseFailure) {
        guard let client, let limit = limits.newAccountsPerClient else { return }
        guard state.rateWindows.allows("new-account|" + client, under: limit, now: now) else { throw .tooManyAttempts }
    }

    /// Counts a new account against the client.
    func recordNewAccount(client: String?, now: Date) {
        guard let client, let limit = limits.newAccountsPerClient else { return }
        state.rateWindows.record("new-account|" + client, under: limit, now: now)
    }

    /// Refuses any code for an address, or from a client, whose wrong guesses are spent.
    /// - Parameters:
    ///   - email: The address the code is for.
    ///   - client: The client's address; `nil` in process.
    ///   - now: The time.
    /// - Throws: `TOO_MANY_ATTEMPTS_TRY_LATER`.
    func checkCodeAttempts(email: String, client: String?, now: Date) throws(FirebaseFailure) {
        guard state.rateWindows.allows("wrong-code|email|" + email, under: limits.wrongCodesPerAddress, now: now) else {
            throw .tooManyFailedAttempts
        }
        if let client, let limit = limits.wrongCodesPerClient, !state.rateWindows.allows("wrong-code|client|" + client, under: limit, now: now) {
            throw .tooManyFailedAttempts
        }
    }

    /// Counts a wrong code against the address and the client; when the address's budget is
    /// spent, its outstanding sign-in codes are burnt.
    func recordWrongCode(email: String, client: String?, now: Date) {
        let count = state.rateWindows.record("wrong-code|email|" + email, under: limits.wrongCodesPerAddress, now: now)
        if count >= limits.wrongCodesPerAddress.count {
            state.oobCodes = state.oobCodes.filter { $0.value.email != email }
        }
        if let client, let limit = limits.wrongCodesPerClient {
            state.rateWindows.record("wrong-code|client|" + client, under: limit, now: now)
        }
    }

    /// Counts a sign-in email against the project's quota.
    /// - Parameter now: The time.
    /// - Throws: `QUOTA_EXCEEDED` when the quota is spent (nothing is counted then).
    func spendEmailQuota(now: Date) throws(FirebaseFailure) {
        guard let limit = limits.emailLinkEmailsPerProject else { return }
        guard state.rateWindows.allows("email-link|project", under: limit, now: now) else { throw .code("QUOTA_EXCEEDED") }
        state.rateWindows.record("email-link|project", under: limit, now: now)
    }
}
