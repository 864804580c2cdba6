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
        let sheets = ProviderSheets(
            appleID: provider == .apple ? email : nil, apple: { _ in AppleSheetChoice(name: name, hideEmail: hide) },
            google: { _ in SimulatedGoogleAuthorizer.Choice(email: email ?? ProviderSheets.defaultGoogleAccount, name: name) })
        try await LoginEnvironment.run(global, sheets: sheets) { environment throws(AuthError) in
            _ = try environment.requireSignedIn()
            do throws(AuthError) {
                environment.reporter.linked(try await environment.coordinator.link(provider), backend: environment.backendName)
            } catch .credentialAlreadyInUse(_, let recovery?) where switchIfTaken {
                let result = try await environment.coordinator.signIn(recovering: recovery)
                environment.reporter.signedIn(result, destination: .main, backend: environment.backendName)
            }
        }
    }
}
