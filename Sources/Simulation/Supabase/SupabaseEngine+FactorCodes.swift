import AuthData
import Foundation

/// The current codes of the caller's own factors: the emulator's `GET /mfa/codes/supabase`, which
/// `login mfa code` reads from a running `login serve` (GoTrue has no such route: it stands in for
/// the authenticator app, as the mailbox stands in for the inbox).
extension SupabaseEngine {
    /// The codes of a user's factors, verified and not.
    /// - Parameter userID: The user.
    /// - Returns: One code per factor, oldest factor first.
    package func totpCodes(userID: String) throws(SupabaseFailure) -> [CurrentTOTPCode] {
        try currentCodes(userID: userID).map {
            CurrentTOTPCode(factorID: $0.factor.id, verified: $0.factor.status == "verified", code: $0.code, secondsLeft: $0.secondsLeft)
        }
    }

    /// The codes of the factors of the user an access token names.
    /// - Parameter bearer: The access token (checked as every user route checks it).
    /// - Returns: One code per factor, oldest factor first.
    /// - Throws: GoTrue's `no_authorization` or `bad_jwt` for a missing or bad token.
    package func totpCodes(bearer: String?) async throws(SupabaseFailure) -> [CurrentTOTPCode] {
        try totpCodes(userID: try await authenticate(bearer).userID)
    }
}
