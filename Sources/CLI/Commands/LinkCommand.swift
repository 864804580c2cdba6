import ArgumentParser
import AuthDomain
import AuthPresentation
import AuthSimulation

/// `login link apple|google`: add a provider to the signed-in account (a guest keeps its id).
struct LinkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "link", abstract: "Link Apple or Google to the signed-in account (a guest keeps its id and stops being anonymous).",
        discussion: """
        Linking Apple asks, on a terminal, for the name and the email choice when it is the app's first authorization, as signing in does. \
        With --browser, the provider's page asks instead (Docs/WebSignIn.md).
        """)

    enum LinkableProvider: String, ExpressibleByArgument, CaseIterable {
        case apple
        case google

        init?(argument: String) { self.init(rawValue: argument.lowercased()) }
    }

    @OptionGroup var global: GlobalOptions
    @OptionGroup var browserOptions: BrowserOptions

    @Argument(help: "apple or google.")
    var provider: LinkableProvider

    @Option(help: "The Apple ID or Google account to link.")
    var email: String?

    @Option(help: ArgumentHelp("The name typed on a first Apple sign-in, or the Google account's name.", valueName: "Given Family"))
    var name: String?

    @Flag(help: "Use Hide My Email on a first Apple sign-in.")
    var hideEmail = false

    @Flag(help: "When the identity already belongs to another account, sign in to that account instead (with the credential the backend returned).")
    var switchIfTaken = false

    func validate() throws {
        try PersonNameOption.check(name)
        try EmailAddressValidation.check(email)
        if browserOptions.browser, email != nil || name != nil || hideEmail {
            throw ValidationError("with --browser, the account, name and email choice are given on the provider's page")
        }
    }

    func run() async throws {
        let (provider, email, switchIfTaken) = (ProviderID(rawValue: self.provider.rawValue), self.email, self.switchIfTaken)
        let name = self.name.flatMap(PersonName.parsing)
        var apple = AppleSheetChoice(name: name, hideEmail: hideEmail)
        let browser = browserOptions.signIn(global)
        if provider == .apple, browser == nil {
            apple = try await AppleSheetQuestions(name: name, hideEmail: hideEmail ? true : nil).ask(global, appleID: email)
        }
        let sheet = apple
        let sheets = ProviderSheets(
            appleID: provider == .apple ? email : nil, apple: { _ in sheet },
            google: { _ in SimulatedGoogleAuthorizer.Choice(email: email ?? ProviderSheets.defaultGoogleAccount, name: name) },
            browser: browser)
        try await LoginEnvironment.run(global, sheets: sheets) { environment in
            let user = try environment.requireSignedIn().user
            if user.providers.contains(provider) {
                throw CommandFailure(code: "provider_already_linked", message: "\(AuthErrorMessages.name(of: provider)) is already linked to this account.",
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
