import ArgumentParser
import AuthDomain

/// `login password reset`: finish a recovery with the mailed code and a new password.
struct PasswordResetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset", abstract: "Set a new password with the code from the recovery mail, and sign in.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var source: PasswordSource

    @Option(help: "The account's address.")
    var email: String

    // `.unconditional`: a Firebase oobCode is base64url and may begin with `-`.
    @Option(parsing: .unconditional, help: "The code from the recovery mail.")
    var code: String

    func validate() throws {
        try EmailAddressValidation.check(email)
        if code.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("--code must not be empty") }
    }

    func run() async throws {
        let password = try source.read("New password for \(email): ", json: global.json)
        let reset = PasswordReset(email: email, proof: .code(Secret(code)), newPassword: password)
        try await LoginEnvironment.run(global) { environment throws(AuthError) in
            try await environment.signIn(.passwordReset(reset))
        }
    }
}
