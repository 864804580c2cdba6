import ArgumentParser
import AuthData
import AuthDomain

/// `login otp`: sign in with a code sent by email (the library's email code: `EmailCodeChallenge`,
/// `sendEmailCode`); the command keeps the name users type.
struct EmailCodeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "otp", abstract: "Sign in with a code sent by email.",
        discussion: """
            Without --code, sends a code; on a terminal it then asks for it (a wrong code is asked again, Ctrl-D cancels), \
            and no lock is held while it waits, so `login mailbox --email E` in another shell shows the code. Without a terminal \
            it exits after sending. With --code, verifies it. Firebase has no email OTP: its code is the oobCode of an email \
            sign-in link.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var gates: SignInOptions

    @Option(help: "The address to send the code to.")
    var email: String

    // `.unconditional`: a Firebase oobCode is base64url and may begin with `-`.
    @Option(parsing: .unconditional, help: "The code received (verifies instead of sending).")
    var code: String?

    func validate() throws {
        try EmailAddressValidation.check(email)
        if let code, code.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("--code must not be empty") }
    }

    func run() async throws {
        let (email, global, gates) = (self.email, self.global, self.gates)
        if let code {
            let terms = gates.termsAccepted
            try await LoginEnvironment.run(global, signIn: gates.chosen, termsAccepted: terms) { environment throws(AuthError) in
                try await environment.signIn(.emailCode(email: email, code: Secret(code)))
            }
            return
        }
        let terms = gates.termsAccepted
        guard Terminal.isInteractive, !global.json else {
            try await LoginEnvironment.run(global, signIn: gates.chosen, termsAccepted: terms) { environment throws(AuthError) in
                try await environment.signIn(.emailCodeRequest(email: email))
            }
            return
        }
        try await LoginEnvironment.run(global, signIn: gates.chosen, termsAccepted: terms) { environment throws(AuthError) in
            _ = try await environment.login.execute(with: .emailCodeRequest(email: email), termsAccepted: environment.termsAccepted)
        }
        let prompt = MailedCodePrompt(global: global, address: email, what: "A code")
        try await prompt.ask(global: global, signIn: gates.chosen, termsAccepted: terms) { code, environment throws(AuthError) in
            _ = try await environment.signIn(.emailCode(email: email, code: code))
        }
    }
}
