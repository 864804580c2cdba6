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

    @OptionGroup var sheet: SheetOptions<GoogleCommand>

    @Flag(help: "Dismiss the account chooser.")
    var cancel = false

    func validate() throws {
        try sheet.refuse(with: browserOptions, others: cancel)
    }

    func run() async throws {
        let terms = gates.termsAccepted
        if let browser = browserOptions.signIn(global) {
            try await LoginEnvironment.run(global, sheets: ProviderSheets(browser: browser), signIn: gates.chosen, termsAccepted: terms) {
                environment throws(AuthError) in
                try await environment.signIn(.social(.google)) { _ in [] }
            }
            return
        }
        let account = CLIProvider.google.account(named: sheet.email)
        let choice = SimulatedGoogleAuthorizer.Choice(email: account, name: sheet.personName, cancel: cancel)
        let named = sheet.name != nil
        try await LoginEnvironment.run(global, sheets: ProviderSheets(google: { _ in choice }), signIn: gates.chosen, termsAccepted: terms)
        { environment throws(AuthError) in
            try await environment.signIn(.social(.google)) { result in
                named && !result.isNewUser ? ["--name was not used: the account exists already, and its name stays what it was"] : []
            }
        }
    }
}

extension GoogleCommand: SheetWording {
    static var accountHelp: ArgumentHelp {
        ArgumentHelp("The Google account (default: \(CLIProvider.google.account(named: nil))).", valueName: "email")
    }
    static var nameHelp: ArgumentHelp { ArgumentHelp("The account's name, when it is first used.", valueName: "Given Family") }
    static var browserRefusal: String { "with --browser, the account is picked on Google's page, and cancelling is done there" }
}
