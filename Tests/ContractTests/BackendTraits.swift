import AuthData
import AuthDomain
import AuthSimulation

/// How the two services differ where a contract test can tell, as data: a test reads the trait,
/// never "is this Supabase?", so a third service states each of them or does not compile.
struct BackendTraits: Sendable {
    /// The service whose rules apply.
    enum Service: Sendable { case supabase, firebase }

    let service: Service
    /// The client SDK's refresh rules.
    let refreshPolicy: RefreshPolicy
    /// Whether a refresh issues a new refresh token (Supabase rotates; Firebase does not).
    let rotatesRefreshTokens: Bool
    /// Whether an email code is a 6-digit OTP (Firebase's is an email-link `oobCode`).
    let emailCodeIsSixDigits: Bool
    /// What an expired email code reads as (GoTrue cannot tell expired from wrong).
    let expiredCodeError: AuthError
    /// The resend wait the service reports 10 s after a send, when it reports one.
    let retryAfterTenSecondsLater: Double?
    /// The backend error code when a link targets an identity another user owns.
    let linkConflictCode: String
    /// Whether a refused link hands back a pending token instead of the spent ID token.
    let recoversWithPendingToken: Bool
    /// Whether an Apple identity whose email matches an existing account links to it (Supabase)
    /// instead of asking to confirm (Firebase's one-account-per-email).
    let linksSameEmailAutomatically: Bool
    /// Whether a replayed Apple ID token is accepted again (Supabase keeps no record of spent
    /// tokens; Firebase refuses a duplicate credential).
    let acceptsReplayedAppleToken: Bool
    /// The error code unlinking gets with the service's default settings, when it is refused
    /// (GoTrue serves `DELETE /user/identities/{id}` only with manual linking enabled).
    let unlinkRefusedByDefault: String?
    /// Whether a first factor of a user with a second factor answers a session below `aal2`
    /// (GoTrue's `aal1` session) rather than a pending credential and no session (Firebase).
    let secondFactorKeepsFirstSession: Bool

    /// A code that is surely not `code`, in the service's format.
    func wrongCode(besides code: Secret) -> Secret {
        emailCodeIsSixDigits ? Secret(code.revealed == "000000" ? "000001" : "000000") : Secret(String(code.revealed.reversed()))
    }

    /// How many users the service's engine holds.
    func userCount(in services: SimulatedServices) async -> Int {
        switch service {
        case .supabase: services.storedSupabaseUsers.count
        case .firebase: services.storedFirebaseUsers().count
        }
    }

    static let supabase = BackendTraits(
        service: .supabase, refreshPolicy: .supabase, rotatesRefreshTokens: true, emailCodeIsSixDigits: true,
        expiredCodeError: .codeInvalid, retryAfterTenSecondsLater: 50, linkConflictCode: "identity_already_exists",
        recoversWithPendingToken: false, linksSameEmailAutomatically: true, acceptsReplayedAppleToken: true,
        unlinkRefusedByDefault: "manual_linking_disabled", secondFactorKeepsFirstSession: true)

    static let firebase = BackendTraits(
        service: .firebase, refreshPolicy: .firebase, rotatesRefreshTokens: false, emailCodeIsSixDigits: false,
        expiredCodeError: .codeExpired, retryAfterTenSecondsLater: nil, linkConflictCode: "FEDERATED_USER_ID_ALREADY_LINKED",
        recoversWithPendingToken: true, linksSameEmailAutomatically: false, acceptsReplayedAppleToken: false,
        unlinkRefusedByDefault: nil, secondFactorKeepsFirstSession: false)
}
