import ArgumentParser
import AuthDomain

/// `login password sign-in`: sign in with an address and its password.
struct PasswordSignInCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "sign-in", abstract: "Sign in with an email address and its password.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var gates: SignInOptions
    @OptionGroup var source: PasswordSource

    @Option(help: "The account's address.")
    var email: String

    func validate() throws { try EmailAddressValidation.check(email) }

    func run() async throws {
        let (email, password) = (self.email, try source.read("Password for \(email): ", json: global.json))
        try await LoginEnvironment.run(global, signIn: gates.chosen, termsAccepted: gates.termsAccepted) { environment throws(AuthError) in
            try await environment.signIn(.password(email: email, password: password))
        }
    }
}
