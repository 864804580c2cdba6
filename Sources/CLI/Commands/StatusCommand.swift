import ArgumentParser
import AuthDomain
import Foundation

/// `login status`: the stored session.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "status", abstract: "Show the stored session (\"signed out\" when there is none).")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await LoginEnvironment.run(global) { environment in
            let initial = await environment.coordinator.start()
            environment.reporter.status(initial?.stored, backend: environment.backendName, now: Date())
        }
    }
}
