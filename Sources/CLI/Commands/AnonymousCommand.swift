import ArgumentParser
import AuthDomain

/// `login anonymous`: a guest account.
struct AnonymousCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "anonymous", abstract: "Continue as a guest (an anonymous account).")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var gates: SignInOptions

    func run() async throws {
        let terms = gates.termsAccepted
        try await LoginEnvironment.run(global, signIn: gates.chosen, termsAccepted: terms) { environment throws(AuthError) in
            try await environment.signIn(.anonymous)
        }
    }
}
