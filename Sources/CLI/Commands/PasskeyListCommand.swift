import ArgumentParser
import AuthDomain

/// `login passkey list`: the signed-in account's passkeys.
struct PasskeyListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the signed-in account's passkeys.")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await LoginEnvironment.run(global) { environment in
            let passkeys = try environment.passkeys(origin: nil)
            _ = try environment.requireSignedIn()
            let session = try await environment.sessions.validSession()
            environment.reporter.passkeys(try await passkeys.list(session: session), backend: environment.backendName)
        }
    }
}
