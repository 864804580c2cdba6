import ArgumentParser

/// The app's rules a sign-in command can turn on: the membership gate (the user goes to the
/// pending-invitation screen until the backend's admin sets a claim) and the terms gate (a new
/// sign-up, as the backend reports it, must accept the terms, as `LoginUseCase` does; returning
/// users are never asked).
struct SignInOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            """
            Route by this claim: until the backend's admin sets it (login users claims ID CLAIM=true), the destination is\
             pendingInvitation.
            """,
            valueName: "claim"))
    var requireMembership: String?

    @Flag(
        help: ArgumentHelp(
            "Require new sign-ups to accept the terms (asked on a terminal once the backend says the account is new; "
                + "otherwise --accept-terms). Returning users are not asked."))
    var requireTerms = false

    @Flag(help: "Accept the terms (with --require-terms).")
    var acceptTerms = false

    @Option(
        help: ArgumentHelp(
            "The authenticator app's code, for an account with a second factor (for scripts; a terminal is asked).",
            valueName: "digits"))
    var mfaCode: String?

    func validate() throws {
        if let mfaCode, mfaCode.isEmpty || mfaCode.count > 32 { throw ValidationError("--mfa-code must be 1 to 32 characters") }
        if acceptTerms, !requireTerms { throw ValidationError("--accept-terms goes with --require-terms") }
        if let claim = requireMembership, claim.isEmpty || ClaimAssignments.reserved.contains(claim) {
            throw ValidationError("--require-membership needs a claim name the backend's admin can set (not empty, not a reserved claim)")
        }
    }

    /// The gates, as the environment takes them.
    var chosen: SignInGates { SignInGates(membershipClaim: requireMembership, requiresTerms: requireTerms, secondFactorCode: mfaCode) }

    /// Whether the terms were accepted beforehand (`--accept-terms`), so a new sign-up is not asked.
    var termsAccepted: Bool { requireTerms && acceptTerms }
}
