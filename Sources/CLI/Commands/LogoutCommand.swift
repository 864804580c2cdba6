import ArgumentParser
import AuthDomain

/// `login logout`: sign out.
struct LogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "logout", abstract: "Sign out.")

    @OptionGroup var global: GlobalOptions

    @Option(help: "local ends this session; global ends every session of the user.")
    var scope: SignOutScopeOption = .local

    func run() async throws {
        let scope = self.scope.domain
        try await LoginEnvironment.run(global) { environment throws(AuthError) in
            let wasSignedIn = environment.initial != nil
            try await environment.coordinator.signOut(scope: scope)
            environment.reporter.signedOut(scope: scope, backend: environment.backendName, wasSignedIn: wasSignedIn)
        }
    }
}

/// The sign-out scopes offered on the command line.
enum SignOutScopeOption: String, ExpressibleByArgument, CaseIterable {
    case local
    case global

    var domain: SignOutScope { self == .local ? .local : .global }
}
