import ArgumentParser
import AuthDomain

/// `login passkey register`: a new passkey for the signed-in account.
struct PasskeyRegisterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "register", abstract: "Register a passkey for the signed-in account (not a guest).")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var passkey: PasskeyOptions

    @Option(help: "A name for the passkey (1 to 120 bytes).")
    var name: String?

    func validate() throws {
        if let name, name.isEmpty || name.utf8.count > PasskeyUseCase.maximumNameBytes {
            throw ValidationError("--name must be 1 to \(PasskeyUseCase.maximumNameBytes) bytes")
        }
    }

    func run() async throws {
        let (name, origin) = (self.name, passkey.origin)
        try await LoginEnvironment.run(global) { environment in
            let passkeys = try environment.passkeys(origin: origin)
            let stored = try environment.requireSignedIn()
            let session = try await environment.sessions.validSession()
            let registered = try await passkeys.register(for: stored.user, session: session, name: name)
            environment.reporter.passkeyRegistered(registered, backend: environment.backendName)
        }
    }
}
