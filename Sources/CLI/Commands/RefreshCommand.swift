import ArgumentParser
import AuthDomain

/// `login refresh`: refresh the stored session now.
struct RefreshCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "refresh", abstract: "Refresh the stored session now.")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await LoginEnvironment.run(global) { environment in
            guard await environment.coordinator.start() != nil else { throw AuthError.notSignedIn }
            let session = try await environment.sessions.refresh()
            environment.reporter.tokenRefreshed(session, user: await environment.sessions.stored?.user, backend: environment.backendName)
        }
    }
}
