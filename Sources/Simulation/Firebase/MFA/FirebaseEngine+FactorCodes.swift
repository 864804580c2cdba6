import AuthData
import Foundation

/// The current codes of the caller's own factors: the emulator's `GET /mfa/codes/firebase`, which
/// `login mfa code` reads from a running `login serve` (Identity Toolkit has no such route: it
/// stands in for the authenticator app, as `/emulator/v1/projects/{p}/oobCodes` for the inbox).
extension FirebaseEngine {
    /// The codes of a user's enrolled factors, then of the enrolments waiting for `:finalize`.
    /// - Parameter localId: The user.
    /// - Returns: One code per factor or waiting enrolment.
    package func totpCodes(localId: String) throws(FirebaseFailure) -> [CurrentTOTPCode] {
        let enrolled = try currentCodes(localId: localId).map {
            CurrentTOTPCode(factorID: $0.factor.mfaEnrollmentId, verified: true, code: $0.code, secondsLeft: $0.secondsLeft)
        }
        let waiting = try pendingEnrollmentCodes(localId: localId).map {
            CurrentTOTPCode(factorID: $0.sessionInfo, verified: false, code: $0.code, secondsLeft: $0.secondsLeft)
        }
        return enrolled + waiting
    }

    /// The codes of the factors of the user an ID token names.
    /// - Parameter idToken: The ID token (checked as every user method checks it).
    /// - Returns: One code per factor or waiting enrolment.
    /// - Throws: `MISSING_ID_TOKEN`, `INVALID_ID_TOKEN`, `USER_NOT_FOUND` and the other refusals of a bad token.
    package func totpCodes(idToken: String?) async throws(FirebaseFailure) -> [CurrentTOTPCode] {
        try totpCodes(localId: try await authenticate(idToken).localId)
    }
}
