import ArgumentParser
import AuthDomain
import AuthSimulation

/// `login link apple|google`: add a provider to the signed-in account (a guest keeps its id).
struct LinkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "link", abstract: "Link Apple or Google to the signed-in account (a guest keeps its id and stops being anonymous).")

    enum LinkableProvider: String, ExpressibleByArgument, CaseIterable {
        case apple
        case google
    }

    @OptionGroup var global: GlobalOptions

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
        if let name, PersonName.parsing(name) == nil { throw ValidationError("--name must not be empty") }
        if let email, (try? EmailAddressValidation.check(email)) == nil { throw ValidationError("--email \"\(email)\" is not an email address") }
    }

    func run() async throws {
        let (provider, email, hide, switchIfTaken) = (ProviderID(rawValue: self.provider.rawValue), self.email, hideEmail, self.switchIfTaken)
        let name = self.name.flatMap(PersonName.parsing)
        try await LoginEnvironment.run(global) { environment in
            if provider == .apple {
                try await environment.registerApple(appleID: email) { _ in AppleSheetChoice(name: name, hideEmail: hide) }
            } else {
                try await environment.registerGoogle(SimulatedGoogleAuthorizer.Choice(email: email ?? "grace.hopper@gmail.com", name: name))
            }
            guard await environment.coordinator.start() != nil else { throw AuthError.notSignedIn }
            let accounts = LinkAccountUseCase(coordinator: environment.coordinator)
            do {
                environment.reporter.linked(try await accounts.link(provider), backend: environment.backendName)
            } catch AuthError.credentialAlreadyInUse(_, let recovery?) where switchIfTaken {
                let result = try await accounts.switchToExistingAccount(using: recovery)
                environment.reporter.signedIn(result, destination: .main, backend: environment.backendName)
            }
        }
    }
}
