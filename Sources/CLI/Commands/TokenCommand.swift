import ArgumentParser
import AuthDomain

/// `login token`: the whole current access token, for `curl`.
struct TokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token", abstract: "Print the whole access token (or, with --refresh, the refresh token) of the stored session.",
        discussion: """
            This is the one command that prints a secret whole, on purpose, as `gcloud auth print-access-token` does: \
            anyone who sees it can act as the user until it expires (the refresh token: until it is revoked). Use it as \
            curl -H "Authorization: Bearer $(login token)" …; an expired access token is refreshed first.
            """)

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Print the refresh token instead of the access token.")
    var refresh = false

    func run() async throws {
        let refresh = self.refresh
        try await LoginEnvironment.run(global) { environment throws(AuthError) in
            _ = try environment.requireSignedIn()
            if refresh {
                guard let stored = await environment.coordinator.currentSession() else { throw .notSignedIn }
                environment.reporter.token(stored.session.refreshToken, kind: "refresh", expiresAt: nil)
            } else {
                let session = try await environment.sessions.validSession()
                environment.reporter.token(session.accessToken, kind: "access", expiresAt: session.expiresAt)
            }
        }
    }
}
