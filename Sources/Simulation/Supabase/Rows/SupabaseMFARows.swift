import Foundation

/// The Supabase-like engine's MFA rows, after GoTrue's `auth.mfa_factors`, `auth.mfa_challenges`
/// and the sessions' `aal`, `factor_id` and `mfa_amr_claims`. Deleting a user deletes its
/// factors; deleting a factor deletes its challenges.
package protocol SupabaseMFARows: AnyObject {
    /// A user's factors, oldest first.
    func factors(userID: String) -> [SupabaseFactorRecord]
    /// A factor.
    func factor(_ id: String) -> SupabaseFactorRecord?
    /// Inserts or replaces a factor.
    func save(_ factor: SupabaseFactorRecord)
    /// Deletes a factor and its challenges.
    func deleteFactor(_ id: String)

    /// A challenge.
    func challenge(_ id: String) -> SupabaseChallengeRecord?
    /// Inserts or replaces a challenge.
    func save(_ challenge: SupabaseChallengeRecord)
    /// Deletes a challenge.
    func deleteChallenge(_ id: String)

    /// Sets a session's `aal` and `factor_id`.
    func setAssurance(sessionID: String, aal: String, factorID: String?)
    /// Adds (or moves the timestamp of) a method in a session's `mfa_amr_claims`.
    func addAMRClaim(sessionID: String, _ entry: SupabaseAMREntry)
    /// Removes a method from a session's `mfa_amr_claims`.
    func removeAMRClaim(sessionID: String, method: String)
}
