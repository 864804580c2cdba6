import ArgumentParser

/// The app's rules a sign-in command can turn on: the membership gate (the user goes to the
/// pending-invitation screen until the backend's admin sets a claim) and the terms gate (a
/// sign-in starts only once the terms are accepted, as `LoginUseCase` does).
struct SignInOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Route by this claim: until the backend's admin sets it (login users claims ID CLAIM=true), the destination is pendingInvitation.",
        valueName: "claim"))
    var requireMembership: String?

    @Flag(help: "Require accepting the terms before a new sign-in (asked on a terminal; otherwise --accept-terms).")
    var requireTerms = false

    @Flag(help: "Accept the terms (with --require-terms).")
    var acceptTerms = false

    func validate() throws {
        if acceptTerms, !requireTerms { throw ValidationError("--accept-terms goes with --require-terms") }
        if let claim = requireMembership, claim.isEmpty || ClaimAssignments.reserved.contains(claim) {
            throw ValidationError("--require-membership needs a claim name the backend's admin can set (not empty, not a reserved claim)")
        }
    }

    /// The gates, as the environment takes them.
    var chosen: SignInGates { SignInGates(membershipClaim: requireMembership, requiresTerms: requireTerms) }

    /// Whether the terms count as accepted: `--accept-terms`, or yes on a terminal when they are
    /// required (asked before anything starts, so no lock is held while waiting).
    /// - Returns: Whether they are accepted.
    /// - Throws: ``CommandFailure`` (cancelled) when the answer is no or input ends.
    func termsAccepted() throws(CommandFailure) -> Bool {
        guard requireTerms, !acceptTerms else { return acceptTerms }
        guard Terminal.isInteractive else { return false }
        guard try Terminal.confirm("The app's terms of use must be accepted to sign in. Accept them? [y/N] ") else {
            throw CommandFailure(code: "cancelled", message: "Terms not accepted; nothing was signed in.", exit: .cancelled)
        }
        return true
    }
}

/// The app's gates a run of the environment applies (a plain value: parsed options cannot be
/// made without parsing).
struct SignInGates: Sendable {
    /// The claim `--require-membership` names, if any.
    var membershipClaim: String?
    /// Whether `--require-terms` was given.
    var requiresTerms: Bool

    /// No gate (the commands that do not sign in).
    static let none = SignInGates(membershipClaim: nil, requiresTerms: false)
}
