import ArgumentParser
import AuthData
import AuthDomain

/// `login password change`: a new password for the signed-in user.
struct PasswordChangeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "change", abstract: "Set a new password for the signed-in user.",
        discussion: """
            Where the project wants a reauthentication code first (GoTrue's \
            GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION, for a session older than 24 hours), the code is \
            mailed; on a terminal the command then asks for it (a wrong code is asked again, Ctrl-D cancels). Without a \
            terminal it exits 1 with reauthentication_required: run it again with --nonce-stdin and the mailed code on \
            standard input (the line after the password with --password-stdin). A code is never an argument.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var source: PasswordSource

    @Flag(help: "Read the mailed reauthentication code from standard input (after the password's line with --password-stdin).")
    var nonceStdin = false

    func run() async throws {
        let password = try source.read("New password: ", json: global.json)
        let nonce = try nonceStdin ? PasswordSource.code(fromStdin: "--nonce-stdin", json: global.json) : nil
        if nonceStdin, nonce == nil {
            throw Reporter(json: global.json).fail(CommandFailure.usage("--nonce-stdin: standard input has no code line"))
        }
        let global = self.global
        let mailedTo = Locked<String?>(nil)
        try await LoginEnvironment.run(global) { environment throws(AuthError) in
            let stored = try environment.requireSignedIn()
            guard let passwords = environment.passwords else { throw .invalidInput("this backend has no passwords") }
            do throws(AuthError) {
                environment.reporter.passwordChanged(try await passwords.changePassword(to: password, nonce: nonce))
            } catch .reauthenticationRequired where nonce == nil {
                try await passwords.requestReauthentication()
                guard Terminal.isInteractive, !global.json else { throw .reauthenticationRequired }
                mailedTo.withLock { $0 = stored.user.email ?? "the account's address" }
            }
        }
        guard let address = mailedTo.current else { return }
        let prompt = MailedCodePrompt(global: global, address: address, what: "A reauthentication code")
        try await prompt.ask(global: global) { code, environment throws(AuthError) in
            guard let passwords = environment.passwords else { throw .invalidInput("this backend has no passwords") }
            environment.reporter.passwordChanged(try await passwords.changePassword(to: password, nonce: code))
        }
    }
}
