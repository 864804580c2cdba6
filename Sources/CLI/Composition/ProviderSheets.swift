import AuthDomain
import AuthSimulation

/// How a command answers the simulated providers' sheets: the Apple ID on the device, what the
/// person does on Apple's sheet, and which Google account they pick. The environment registers
/// the strategies once with these; a command that does not sign in keeps the defaults, which
/// re-authenticate the signed-in user (account deletion) without asking anything.
struct ProviderSheets: Sendable {
    /// The Apple ID signed in on the simulated device (remembered for later runs when given).
    var appleID: String?
    /// What the person does on Apple's sheet; the argument is whether it is the app's first
    /// authorization.
    var apple: @Sendable (_ isFirstAuthorization: Bool) async throws(AuthError) -> AppleSheetChoice = { _ in AppleSheetChoice() }
    /// The Google account picked; the argument is the signed-in user's email, if any.
    var google: @Sendable (_ signedInEmail: String?) -> SimulatedGoogleAuthorizer.Choice = {
        SimulatedGoogleAuthorizer.Choice(email: CLIProvider.google.account(named: $0))
    }

    /// Sign in with Apple and Google through a browser (`--browser`) instead of the simulated
    /// sheets; `nil` for the sheets.
    var browser: BrowserSignIn?
}
