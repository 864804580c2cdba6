import ArgumentParser
import AuthDomain
import AuthSimulation

/// `login google`: Google Sign-In through the simulated account chooser.
struct GoogleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "google", abstract: "Sign in with Google.")

    @OptionGroup var global: GlobalOptions

    @Option(help: "The Google account.")
    var email: String = "grace.hopper@gmail.com"

    @Option(help: ArgumentHelp("The account's name, when it is first used.", valueName: "Given Family"))
    var name: String?

    @Flag(help: "Dismiss the account chooser.")
    var cancel = false

    func validate() throws {
        if let name, PersonName.parsing(name) == nil { throw ValidationError("--name must not be empty") }
        if (try? EmailAddressValidation.check(email)) == nil { throw ValidationError("--email \"\(email)\" is not an email address") }
    }

    func run() async throws {
        let choice = SimulatedGoogleAuthorizer.Choice(email: email, name: name.flatMap(PersonName.parsing) ?? PersonName(givenName: "Grace", familyName: "Hopper"), cancel: cancel)
        try await LoginEnvironment.run(global, sheets: ProviderSheets(google: { _ in choice })) { environment throws(AuthError) in
            try await environment.signIn(.social(.google))
        }
    }
}
