import ArgumentParser
import AuthDomain
import AuthSimulation

/// `login delete-account`: delete the signed-in account, revoking its Apple tokens.
struct DeleteAccountCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete-account", abstract: "Delete the signed-in account (Apple tokens are revoked, as the App Store requires).",
        discussion: """
            Asks for confirmation on a terminal (before taking any lock); without one, --yes is required. Against a remote \
            backend, an account with Apple sign-in needs the team's key to revoke its Apple tokens: --apple-team-id, \
            --apple-key-id, --apple-key-file and --idp-url (login serve prints them).
            """)

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Do not ask for confirmation.")
    var yes = false

    func run() async throws {
        let global = self.global
        if !yes || global.isRemote {
            guard let stored = try await LoginEnvironment.storedSession(global) else {
                throw Reporter(json: global.json).report(AuthError.notSignedIn, options: global)
            }
            try check(stored.user)
            if !yes { try confirm(stored.user) }
        }
        try await LoginEnvironment.run(global) { environment throws(AuthError) in
            let user = try environment.requireSignedIn().user
            environment.logger.info("deleting the account", metadata: ["user": "\(user.id)", "providers": "\(user.providers)"])
            try await environment.coordinator.deleteAccount()
            environment.reporter.deleted(userID: user.id, backend: environment.backendName)
        }
    }

    /// Refuses, before anything is deleted, a remote Apple account without the team's key.
    private func check(_ user: AuthUser) throws {
        guard global.isRemote, user.providers.contains(.apple) else { return }
        let missing = [
            ("--apple-team-id", global.appleTeamID), ("--apple-key-id", global.appleKeyID), ("--apple-key-file", global.appleKeyFile),
            ("--idp-url", global.idpURL),
        ].filter { $0.1 == nil }.map(\.0)
        guard missing.isEmpty else {
            throw Reporter(json: global.json).fail(
                .usage(
                    "Deleting an account with Apple sign-in revokes its Apple tokens first (App Store guideline 5.1.1(v)), "
                        + "which needs the team's "
                        + "Sign in with Apple key: pass \(missing.joined(separator: ", ")) (login serve prints the emulator's)"))
        }
    }

    private func confirm(_ user: AuthUser) throws {
        try Terminal.confirmOrRequireYes(
            "Delete the account \(TerminalText.escaped(user.email ?? user.id))? This cannot be undone. [y/N] ",
            declined: "Nothing was deleted.", json: global.json)
    }
}
