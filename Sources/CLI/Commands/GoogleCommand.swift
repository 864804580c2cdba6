import ArgumentParser
import AuthDomain
import AuthSimulation

/// `login google`: Google Sign-In through the simulated account chooser.
struct GoogleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "google", abstract: "Sign in with Google.",
        discussion: """
        --name names the Google account when the simulated Google first sees it; an account has no name unless given one. \
        With --browser, the account is picked on Google's page instead (Docs/WebSignIn.md).
        """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var gates: SignInOptions
    @OptionGroup var browserOptions: BrowserOptions

    @Option(help: ArgumentHelp("The Google account (default: \(ProviderSheets.defaultGoogleAccount)).", valueName: "email"))
    var email: String?

    @Option(help: ArgumentHelp("The account's name, when it is first used.", valueName: "Given Family"))
    var name: String?

    @Flag(help: "Dismiss the account chooser.")
    var cancel = false

    func validate() throws {
        try PersonNameOption.check(name)
        try EmailAddressValidation.check(email)
        if browserOptions.browser, email != nil || name != nil || cancel {
            throw ValidationError("with --browser, the account is picked on Google's page, and cancelling is done there")
        }
    }

    func run() async throws {
        let terms = gates.termsAccepted
        if let browser = browserOptions.signIn(global) {
            try await LoginEnvironment.run(global, sheets: ProviderSheets(browser: browser), signIn: gates.chosen, termsAccepted: terms) { environment throws(AuthError) in
                try await environment.signIn(.social(.google)) { _ in [] }
            }
            return
        }
        let choice = SimulatedGoogleAuthorizer.Choice(email: email ?? ProviderSheets.defaultGoogleAccount, name: name.flatMap(PersonName.parsing), cancel: cancel)
        let named = name != nil
        try await LoginEnvironment.run(global, sheets: ProviderSheets(google: { _ in choice }), signIn: gates.chosen, termsAccepted: terms) { environment throws(AuthError) in
            try await environment.signIn(.social(.google)) { result in
                named && !result.isNewUser ? ["--name was not used: the account exists already, and its name stays what it was"] : []
            }
        }
    }
}
