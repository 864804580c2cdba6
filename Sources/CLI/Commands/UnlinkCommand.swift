import ArgumentParser
import AuthDomain
import AuthPresentation

/// `login unlink PROVIDER`: remove a provider when another way in remains.
struct UnlinkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unlink", abstract: "Remove a provider from the signed-in account, when the account has another way in.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ProviderArgument<UnlinkCommand>.help)
    var provider: ProviderArgument<UnlinkCommand>

    func run() async throws {
        let provider = self.provider.row.id
        try await LoginEnvironment.run(global) { environment in
            let user = try environment.requireSignedIn().user
            let has =
                user.isAnonymous
                ? "a guest account"
                : "it has " + Reporter.linkedProviders(user).map { AuthErrorMessages.name(of: $0) }.joined(separator: ", ")
            let notLinked = CommandFailure(
                code: "provider_not_linked",
                message: "\(AuthErrorMessages.name(of: provider)) is not linked to this account (\(has)).", exit: .refused)
            guard user.providers.contains(provider) else { throw notLinked }
            do {
                let updated = try await environment.coordinator.unlink(provider)
                environment.reporter.unlinked(provider, user: updated, backend: environment.backendName)
            } catch AuthError.invalidInput {
                // The account changed since the session was stored: the backend says it is not linked.
                throw notLinked
            }
        }
    }
}

extension UnlinkCommand: ProviderArgumentRows {
    static func accepts(_ row: CLIProvider) -> Bool { row.unlinkable }
}
