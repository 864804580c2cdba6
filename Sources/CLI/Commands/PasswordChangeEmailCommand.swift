import ArgumentParser
import AuthData
import AuthDomain

/// `login password change-email`: a new address for the signed-in user, confirmed by the
/// mailed codes (GoTrue's secure email change mails one to each address).
struct PasswordChangeEmailCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "change-email", abstract: "Change the signed-in user's address (confirmed through the mail).",
        discussion: """
            Mails the change: with GoTrue's secure email change (GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED, on by \
            default) a code to the new address and one to the current address, else to the new one alone. On a terminal \
            it then asks for the new address's code, and for the current address's while that is still due (Ctrl-D \
            cancels). Without a terminal it exits after mailing; run it again with --codes-stdin and the codes on \
            standard input, the new address's on the first line and the current address's on the second, to confirm \
            without mailing again. A code is never an argument.
            """)

    @OptionGroup var global: GlobalOptions

    @Option(help: "The new address.")
    var email: String

    @Flag(help: "Confirm the change already mailed: the new address's code, then the current address's, on standard input.")
    var codesStdin = false

    func validate() throws { try EmailAddressValidation.check(email) }

    func run() async throws {
        let (email, global) = (self.email, self.global)
        guard !codesStdin else { return try await confirmFromStdin() }
        let current = Locked<String?>(nil)
        try await LoginEnvironment.run(global) { environment throws(AuthError) in
            let stored = try environment.requireSignedIn()
            guard let passwords = environment.passwords else { throw .invalidInput("this backend has no passwords") }
            let change = try await passwords.changeEmail(to: email)
            environment.reporter.emailChange(change)
            guard change.pendingEmail != nil, Terminal.isInteractive, !global.json else { return }
            current.withLock { $0 = stored.user.email ?? "" }
        }
        guard let currentAddress = current.current else { return }
        let pending = Locked(false)
        let newPrompt = MailedCodePrompt(global: global, address: email, what: "A code")
        try await newPrompt.ask(global: global) { code, environment throws(AuthError) in
            let answer = try await Self.confirm(email: email, code: code, in: environment, pending: pending)
            environment.reporter.emailChangeConfirmation(answer)
        }
        guard pending.current else { return }
        let currentPrompt = MailedCodePrompt(global: global, address: currentAddress, what: "A code")
        try await currentPrompt.ask(global: global) { code, environment throws(AuthError) in
            let answer = try await Self.confirm(email: currentAddress, code: code, in: environment, pending: pending)
            environment.reporter.emailChangeConfirmation(answer)
        }
    }

    /// `--codes-stdin`: the new address's code, then (for a secure change) the current one's.
    private func confirmFromStdin() async throws {
        let (email, global) = (self.email, self.global)
        guard let newCode = try PasswordSource.code(fromStdin: "--codes-stdin", json: global.json) else {
            throw Reporter(json: global.json).fail(CommandFailure.usage("--codes-stdin: standard input has no code line"))
        }
        let currentCode = try PasswordSource.code(fromStdin: "--codes-stdin", json: global.json)
        try await LoginEnvironment.run(global) { environment throws(AuthError) in
            let stored = try environment.requireSignedIn()
            let pending = Locked(false)
            var answer = try await Self.confirm(email: email, code: newCode, in: environment, pending: pending)
            if pending.current, let currentCode {
                guard let currentAddress = stored.user.email else { throw .invalidInput("the account has no current address") }
                answer = try await Self.confirm(email: currentAddress, code: currentCode, in: environment, pending: pending)
            }
            environment.reporter.emailChangeConfirmation(answer)
        }
    }

    /// Confirms one address; `pending` says whether the other is still due.
    private static func confirm(
        email: String, code: Secret, in environment: LoginEnvironment, pending: Locked<Bool>
    ) async throws(AuthError) -> EmailChangeConfirmation {
        guard let passwords = environment.passwords else { throw .invalidInput("this backend has no passwords") }
        let answer = try await passwords.confirmEmailChange(email: email, code: code)
        pending.withLock { $0 = answer == .otherAddressPending }
        return answer
    }
}
