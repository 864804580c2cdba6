import ArgumentParser
import AuthDomain
import AuthSimulation

/// `login delete-account`: delete the signed-in account, revoking its Apple tokens.
struct DeleteAccountCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete-account", abstract: "Delete the signed-in account (Apple tokens are revoked, as the App Store requires).",
        discussion: "Asks for confirmation on a terminal; without one, --yes is required.")

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Do not ask for confirmation.")
    var yes = false

    func run() async throws {
        let confirmed = yes
        try await LoginEnvironment.run(global) { environment throws(AuthError) in
            let user = try environment.requireSignedIn().user
            if !confirmed {
                guard Terminal.isInteractive else { throw .invalidInput("pass --yes to delete the account without a terminal") }
                let answer = Terminal.ask("Delete the account \(user.email ?? user.id)? This cannot be undone. [y/N] ")?.lowercased()
                guard answer == "y" || answer == "yes" else { throw .cancelled }
            }
            try await environment.coordinator.deleteAccount()
            environment.reporter.deleted(userID: user.id, backend: environment.backendName)
        }
    }
}
