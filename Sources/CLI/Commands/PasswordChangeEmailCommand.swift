import ArgumentParser
import AuthDomain

/// `login password change-email`: a new address for the signed-in user.
struct PasswordChangeEmailCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "change-email", abstract: "Change the signed-in user's address (confirmed through the mail).")

    @OptionGroup var global: GlobalOptions

    @Option(help: "The new address.")
    var email: String

    func validate() throws { try EmailAddressValidation.check(email) }

    func run() async throws {
        let email = self.email
        try await LoginEnvironment.run(global) { environment throws(AuthError) in
            _ = try environment.requireSignedIn()
            guard let passwords = environment.passwords else { throw .invalidInput("this backend has no passwords") }
            environment.reporter.emailChange(try await passwords.changeEmail(to: email))
        }
    }
}
