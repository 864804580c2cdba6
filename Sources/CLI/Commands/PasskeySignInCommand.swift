import ArgumentParser
import AuthData
import AuthDomain

/// `login passkey sign-in`: a discoverable sign-in with the newest passkey the authenticator
/// holds for the service's RP ID.
struct PasskeySignInCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign-in", abstract: "Sign in with a passkey (no email: the passkey names the account).")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var passkey: PasskeyOptions

    func run() async throws {
        let origin = passkey.origin
        try await LoginEnvironment.run(global) { environment in
            let backend = try environment.requirePasskeys()
            await environment.coordinator.register(
                PasskeyAuthStrategy(backend: backend, authenticator: environment.softwareAuthenticator(origin: origin)))
            try await environment.signIn(.passkey)
        }
    }
}
