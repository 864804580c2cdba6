/// What an app's sign-in screen offers: the ways in, in the order they show, and whether new
/// sign-ups must accept the terms.
///
/// ```swift
/// let options = SignInOptions(methods: [.apple, .google, .emailCode], requiresTerms: true)
/// ```
public struct SignInOptions: Hashable, Sendable {
    /// The ways in, top to bottom (duplicates are dropped, the first one stays).
    public let methods: [SignInMethod]
    /// Whether new sign-ups must accept the terms: the screen shows the "I accept the terms"
    /// checkbox (ticking it skips the question), and a new account that did not tick it is asked
    /// after signing up. Must match the `requiresTermsAcceptance` the app's `LoginUseCase` was
    /// made with.
    public let requiresTerms: Bool

    /// Creates the options.
    /// - Parameters:
    ///   - methods: The ways in, top to bottom.
    ///   - requiresTerms: Whether new sign-ups must accept the terms.
    public init(methods: [SignInMethod], requiresTerms: Bool) {
        var seen = Set<SignInMethod>()
        self.methods = methods.filter { seen.insert($0).inserted }
        self.requiresTerms = requiresTerms
    }
}
