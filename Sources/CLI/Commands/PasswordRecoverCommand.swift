import ArgumentParser
import AuthDomain

/// `login password recover`: mail a recovery code and link.
struct PasswordRecoverCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recover", abstract: "Mail a password-recovery code (answers alike for unknown addresses).")

    @OptionGroup var global: GlobalOptions

    @Option(help: "The account's address.")
    var email: String

    func validate() throws { try EmailAddressValidation.check(email) }

    func run() async throws {
        let email = self.email
        try await LoginEnvironment.run(global) { environment throws(AuthError) in
            try await environment.signIn(.passwordRecovery(email: email))
        }
    }
}
