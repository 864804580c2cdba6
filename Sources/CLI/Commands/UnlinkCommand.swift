import ArgumentParser
import AuthDomain

/// `login unlink PROVIDER`: remove a provider when another way in remains.
struct UnlinkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unlink", abstract: "Remove a provider from the signed-in account, when the account has another way in.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: "apple, google or email.")
    var provider: String

    func validate() throws {
        guard ["apple", "google", "email"].contains(provider) else { throw ValidationError("PROVIDER must be apple, google or email") }
    }

    func run() async throws {
        let provider = ProviderID(rawValue: self.provider)
        try await LoginEnvironment.run(global) { environment throws(AuthError) in
            _ = try environment.requireSignedIn()
            let user = try await environment.coordinator.unlink(provider)
            environment.reporter.unlinked(provider, user: user, backend: environment.backendName)
        }
    }
}
