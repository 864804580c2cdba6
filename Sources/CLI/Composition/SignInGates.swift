/// The app's gates a run of the environment applies (a plain value: parsed options cannot be
/// made without parsing).
struct SignInGates: Sendable {
    /// The claim `--require-membership` names, if any.
    var membershipClaim: String?
    /// Whether `--require-terms` was given.
    var requiresTerms: Bool
    /// The second factor's code given with `--mfa-code`, if any.
    var secondFactorCode: String? = nil

    /// No gate (the commands that do not sign in).
    static let none = SignInGates(membershipClaim: nil, requiresTerms: false)
}
