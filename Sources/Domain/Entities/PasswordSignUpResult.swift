/// A backend's answer to an email + password sign-up.
public enum PasswordSignUpResult: Hashable, Sendable {
    /// The account exists and is signed in (email confirmation off, or Firebase, which signs in
    /// at once and verifies the address separately).
    case signedIn(BackendSignIn)
    /// The backend mailed a confirmation code and link and waits for either before signing in
    /// (Supabase with email confirmation on). GoTrue answers the same for an address that already
    /// has a confirmed account, so that a sign-up cannot tell which addresses are registered.
    case confirmationSent(EmailCodeChallenge)
}
