import ArgumentParser
import AuthDomain
import AuthPresentation
import AuthSimulation

/// `login link apple|google`: add a provider to the signed-in account (a guest keeps its id).
struct LinkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "link", abstract: "Link Apple or Google to the signed-in account (a guest keeps its id and stops being anonymous).",
        discussion: """
            Linking Apple asks, on a terminal, for the name and the email choice when it is the app's first authorization, as signing\
             in does. \
            With --browser, the provider's page asks instead (Docs/WebSignIn.md).
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var browserOptions: BrowserOptions

    @Argument(help: ProviderArgument<LinkCommand>.help)
    var provider: ProviderArgument<LinkCommand>

    @OptionGroup var sheet: SheetOptions<LinkCommand>

    @Flag(help: "Use Hide My Email on a first Apple sign-in.")
    var hideEmail = false

    @Flag(
        help:
            """
            When the identity already belongs to another account, sign in to that account instead (with the credential the backend\
             returned).
            """
    )
    var switchIfTaken = false

    func validate() throws {
        try sheet.refuse(with: browserOptions, others: hideEmail)
    }

    func run() async throws {
        let (provider, email, switchIfTaken) = (self.provider.row.id, sheet.email, self.switchIfTaken)
        let name = sheet.personName
        var apple = AppleSheetChoice(name: name, hideEmail: hideEmail)
        let browser = browserOptions.signIn(global)
        if provider == .apple, browser == nil {
            apple = try await AppleSheetQuestions(name: name, hideEmail: hideEmail ? true : nil).ask(global, appleID: email)
        }
        let appleChoice = apple
        let sheets = ProviderSheets(
            appleID: provider == .apple ? email : nil, apple: { _ in appleChoice },
            google: { _ in SimulatedGoogleAuthorizer.Choice(email: CLIProvider.google.account(named: email), name: name) },
            browser: browser)
        try await LoginEnvironment.run(global, sheets: sheets) { environment in
            let user = try environment.requireSignedIn().user
            if user.providers.contains(provider) {
                throw CommandFailure(
                    code: "provider_already_linked", message: "\(AuthErrorMessages.name(of: provider)) is already linked to this account.",
                    exit: .refused)
            }
            do {
                environment.reporter.linked(try await environment.coordinator.link(provider), backend: environment.backendName)
            } catch AuthError.credentialAlreadyInUse(_, let recovery?) where switchIfTaken {
                let result = try await environment.coordinator.signIn(recovering: recovery)
                environment.reporter.signedIn(result, destination: .main, backend: environment.backendName)
            }
        }
    }
}

extension LinkCommand: ProviderArgumentRows, SheetWording {
    static func accepts(_ row: CLIProvider) -> Bool { row.linkable }

    static var accountHelp: ArgumentHelp { "The Apple ID or Google account to link." }
    static var nameHelp: ArgumentHelp {
        ArgumentHelp("The name typed on a first Apple sign-in, or the Google account's name.", valueName: "Given Family")
    }
    static var browserRefusal: String { "with --browser, the account, name and email choice are given on the provider's page" }
}
