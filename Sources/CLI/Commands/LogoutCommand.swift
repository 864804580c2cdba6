import ArgumentParser
import AuthDomain

/// `login logout`: sign out.
struct LogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout", abstract: "Sign out.",
        discussion: "Firebase has no global sign-out for users: --scope global revokes the user's tokens with the admin API "
            + "(--firebase-project and --firebase-admin-token; both default with an emulator host).")

    @OptionGroup var global: GlobalOptions

    @Option(help: "local ends this session; global ends every session of the user.")
    var scope: SignOutScopeOption = .local

    func run() async throws {
        let scope = self.scope.domain
        try await LoginEnvironment.run(global) { environment throws(AuthError) in
            let wasSignedIn = environment.initial != nil
            environment.logger.info("signing out", metadata: ["scope": "\(scope.rawValue)", "signed in": "\(wasSignedIn)"])
            try await environment.coordinator.signOut(scope: scope)
            environment.reporter.signedOut(scope: scope, backend: environment.backendName, wasSignedIn: wasSignedIn)
        }
    }
}

/// The sign-out scopes offered on the command line.
enum SignOutScopeOption: String, ExpressibleByArgument, CaseIterable {
    case local
    case global

    init?(argument: String) { self.init(rawValue: argument.lowercased()) }

    var domain: SignOutScope { self == .local ? .local : .global }
}
