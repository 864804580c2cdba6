import ArgumentParser
import AuthDomain

/// `login refresh`: refresh the stored session now.
struct RefreshCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "refresh", abstract: "Refresh the stored session now.")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await LoginEnvironment.run(global) { environment throws(AuthError) in
            _ = try environment.requireSignedIn()
            let session = try await environment.coordinator.refreshSession()
            environment.reporter.tokenRefreshed(session, user: await environment.coordinator.currentUser(), backend: environment.backendName)
        }
    }
}
