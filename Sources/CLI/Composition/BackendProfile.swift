import AuthData
import AuthDomain
import AuthEmulator
import AuthSimulation

/// What differs per backend, as `BackendChoice.profile` gives it: every decision `login` makes
/// by backend reads this, so a backend added to ``BackendChoice`` does not compile until it has
/// all of them.
struct BackendProfile: Sendable {
    /// The service's name, as printed for people (`Supabase`).
    let displayName: String
    /// When sessions are refreshed: the rules of the backend's own client SDK.
    let refreshPolicy: RefreshPolicy
    /// Where the backend's admin puts the claim `--require-membership` names.
    let membershipClaims: ClaimMembershipChecker.Location
    /// The admin API's codes for a user that does not exist.
    let adminUserNotFoundCodes: Set<String>
    /// The admin API's codes for credentials it refuses.
    let adminUnauthorizedCodes: Set<String>
    /// The option that gives the admin API's credentials, as a refusal names it.
    let adminCredentialOption: String
    /// The sender the simulated services' mail from this backend carries (`login mailbox` shows
    /// only the chosen backend's).
    let mailSender: String
    /// What `login otp` says was mailed (`A one-time code`).
    let emailCodeSent: String
    /// What the hint after a mailed code adds about `--code` (empty for nothing).
    let emailCodeNote: String
    /// The in-process backend over the embedded services.
    let embedded: @Sendable (SimulatedServices) -> BackendCapabilities
    /// The REST adapter for the remote project the options name (its browser sign-in included).
    let remote: @Sendable (GlobalOptions, HTTPTransport) throws(AuthError) -> BackendCapabilities
    /// Where the remote project is, said for people (its URL, or Google's servers).
    let remotePlace: @Sendable (GlobalOptions) -> String
    /// What identifies the remote project (one session file per project).
    let remoteEndpoint: @Sendable (GlobalOptions) -> String
    /// The REST adapter for the embedded services served on a loopback port (`--browser`), its
    /// browser sign-in included.
    let served: @Sendable (RunningEmulator, HTTPTransport) -> BackendCapabilities
}
