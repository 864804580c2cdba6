import ArgumentParser
import AuthDomain

/// `login mfa list`: the signed-in account's factors.
struct MFAListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the signed-in account's factors.")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await LoginEnvironment.run(global) { environment in
            let factors = try environment.requireSecondFactors()
            _ = try environment.requireSignedIn()
            let session = try await environment.sessions.validSession()
            environment.reporter.secondFactors(try await factors.secondFactors(session: session), backend: environment.backendName)
        }
    }
}
