import ArgumentParser
import AuthDomain

/// `login anonymous`: a guest account.
struct AnonymousCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "anonymous", abstract: "Continue as a guest (an anonymous account).")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await LoginEnvironment.run(global) { environment throws(AuthError) in
            try await environment.signIn(.anonymous)
        }
    }
}
