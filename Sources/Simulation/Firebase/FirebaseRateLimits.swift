/// The rate limits of Firebase Auth that the Firebase-like engine enforces. Google's emulator
/// has none; production has these, and the counts come from Google's documentation where it
/// gives one (firebase.google.com/docs/auth/limits). A limit per client applies to requests that
/// arrive over a socket (the emulator counts per peer address); the in-process backend has one
/// client, the app itself, and is not limited per client.
public struct FirebaseRateLimits: Sendable, Hashable {
    /// New accounts per client address (anonymous sign-up, a first sign-in with an identity
    /// provider or an email link): Google documents 100 an hour per IP address; beyond it,
    /// `TOO_MANY_ATTEMPTS_TRY_LATER`. `nil` for none.
    public var newAccountsPerClient: FirebaseRateLimit?
    /// Wrong email-link codes per address. When the window's budget is spent, the address's
    /// outstanding codes are burnt and every attempt, right or wrong, gets
    /// `TOO_MANY_ATTEMPTS_TRY_LATER` until the window ends; a new code does not restore the
    /// budget. Google does not publish its count; 5 an hour is this engine's.
    public var wrongCodesPerAddress: FirebaseRateLimit
    /// Wrong email-link codes per client address, whatever addresses they were for (not
    /// published by Google; 20 an hour is this engine's). `nil` for none.
    public var wrongCodesPerClient: FirebaseRateLimit?
    /// Email-link sign-in emails per project: Google's quota is 5 a day on the no-cost Spark plan
    /// and 25,000 on Blaze; the engine uses Blaze's so that a day of local testing does not run
    /// out. Beyond it, `QUOTA_EXCEEDED`. `nil` for none.
    public var emailLinkEmailsPerProject: FirebaseRateLimit?
    /// Wrong passwords per account. When spent, every password sign-in to the account, right or
    /// wrong, gets production's `TOO_MANY_ATTEMPTS_TRY_LATER : Access to this account has been
    /// temporarily disabled…` until the window ends or a password reset. Google does not publish
    /// its count; 10 an hour is this engine's. `nil` for none.
    public var wrongPasswordsPerAccount: FirebaseRateLimit?

    /// Google's limits, where it documents them, and the engine's own elsewhere.
    public init() {
        newAccountsPerClient = .perHour(100)
        wrongCodesPerAddress = .perHour(5)
        wrongCodesPerClient = .perHour(20)
        emailLinkEmailsPerProject = .perDay(25_000)
        wrongPasswordsPerAccount = .perHour(10)
    }
}
