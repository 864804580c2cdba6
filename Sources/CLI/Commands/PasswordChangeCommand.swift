import ArgumentParser
import AuthDomain

/// `login password change`: a new password for the signed-in user.
struct PasswordChangeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "change", abstract: "Set a new password for the signed-in user.",
        discussion: """
        Where the project wants a reauthentication code first (GoTrue's secure password change), the code is \
        mailed and the command exits 1 with reauthentication_required: run it again with --nonce CODE.
        """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var source: PasswordSource

    @Option(help: "The reauthentication code the backend mailed.")
    var nonce: String?

    func run() async throws {
        let password = try source.read("New password: ", json: global.json)
        let nonce = self.nonce.map { Secret($0) }
        try await LoginEnvironment.run(global) { environment throws(AuthError) in
            _ = try environment.requireSignedIn()
            guard let passwords = environment.passwords else { throw .invalidInput("this backend has no passwords") }
            do throws(AuthError) {
                environment.reporter.passwordChanged(try await passwords.changePassword(to: password, nonce: nonce))
            } catch .reauthenticationRequired where nonce == nil {
                try await passwords.requestReauthentication()
                throw .reauthenticationRequired
            }
        }
    }
}
