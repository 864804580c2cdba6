/// What an app's sign-in screen offers: the ways in, in the order they show, and whether new
/// sign-ups must accept the terms first.
///
/// ```swift
/// let options = SignInOptions(methods: [.apple, .google, .emailCode], requiresTerms: true)
/// ```
public struct SignInOptions: Hashable, Sendable {
    /// The ways in, top to bottom (duplicates are dropped, the first one stays).
    public let methods: [SignInMethod]
    /// Whether a new sign-up must tick "I accept the terms" before any button works. Must match
    /// the `requiresTermsAcceptance` the app's `LoginUseCase` was made with.
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
