import AuthData
import Foundation

/// A first-factor answer that carries `mfaPendingCredential` and `mfaInfo` instead of tokens for a
/// user with an enrolled second factor (`signInWithIdp`, `signInWithEmailLink`,
/// `signInWithPassword`; Google's reference for `accounts.mfaSignIn`).
protocol FirebaseSecondFactorAnswer {
    var mfaPendingCredential: String? { get set }
    var mfaInfo: [FirebaseMFAInfoPayload]? { get set }
}

extension FirebaseIdpResponse: FirebaseSecondFactorAnswer {}
extension FirebaseEmailLinkResponse: FirebaseSecondFactorAnswer {}
extension FirebasePasswordSignInResponse: FirebaseSecondFactorAnswer {}

/// The MFA gate of every first factor, written once: a user with an enrolled factor gets a
/// pending credential instead of tokens (firebase-tools src/emulator/auth/operations.ts
/// `isMfaEnabled` and `mfaPending`, after `signInWithIdp`, `signInWithEmailLink`,
/// `signInWithPassword`), except when the request links to a signed-in user.
extension FirebaseStore {
    /// Whether a first factor of the user stops at the second factor: the project's `mfa` allows
    /// TOTP and the user has a factor.
    /// - Parameters:
    ///   - localId: The user.
    ///   - linking: Whether the request links to a signed-in user (then it never stops).
    /// - Returns: `true` when the answer must be a pending credential.
    func stopsAtSecondFactor(_ localId: String, linking: Bool) -> Bool {
        !linking && (config.mfa ?? FirebaseMFAConfig()).allowsTOTP && !rows.mfaEnrollments(of: localId).isEmpty
    }
}

extension FirebaseEngine {
    /// Fills an answer with a new pending credential and the user's factors, in place of tokens.
    /// - Parameters:
    ///   - answer: The first factor's answer, without tokens.
    ///   - localId: The user.
    ///   - signInProvider: The first factor, for the ID token `mfaSignIn:finalize` mints.
    ///   - authTime: When the first factor signed in.
    /// - Throws: ``FirebaseFailure`` when the factors cannot be read.
    func awaitSecondFactor<Answer: FirebaseSecondFactorAnswer>(
        _ answer: inout Answer, localId: String, signInProvider: String, authTime: Int64
    ) throws(FirebaseFailure) {
        answer.mfaInfo = try mfaInfo(of: localId)
        answer.mfaPendingCredential = pendSecondFactor(for: localId, signInProvider: signInProvider, authTime: authTime)
    }

    /// The project's `mfa` settings.
    /// - Throws: ``FirebaseFailure`` when the config cannot be read.
    func mfaConfig() throws(FirebaseFailure) -> FirebaseMFAConfig {
        try inspect { (store: FirebaseStore) throws(FirebaseFailure) in store.config.mfa ?? FirebaseMFAConfig() }
    }

    /// The TOTP checker with the project's `adjacentIntervals` as its skew.
    /// - Throws: ``FirebaseFailure`` when the config cannot be read.
    func projectTOTP() throws(FirebaseFailure) -> TOTP {
        TOTP(skew: Int64(try mfaConfig().adjacentIntervals))
    }
}
