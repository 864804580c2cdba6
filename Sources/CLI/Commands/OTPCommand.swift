import ArgumentParser
import AuthDomain

/// `login otp`: sign in with a code sent by email.
struct OTPCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "otp", abstract: "Sign in with a code sent by email.",
        discussion: """
        Without --code, sends a code; on a terminal it then asks for it, otherwise it exits and \
        `login mailbox --email E` shows the code. With --code, verifies it. Firebase has no email OTP: \
        its code is the oobCode of an email sign-in link.
        """)

    @OptionGroup var global: GlobalOptions

    @Option(help: "The address to send the code to.")
    var email: String

    @Option(help: "The code received (verifies instead of sending).")
    var code: String?

    func validate() throws {
        if (try? EmailAddressValidation.check(email)) == nil { throw ValidationError("--email \"\(email)\" is not an email address") }
        if let code, code.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("--code must not be empty") }
    }

    func run() async throws {
        let (email, code) = (self.email, self.code)
        try await LoginEnvironment.run(global) { environment throws(AuthError) in
            if let code {
                try await environment.signIn(.emailCode(email: email, code: Secret(code)))
                return
            }
            guard Terminal.isInteractive, !environment.options.json else {
                try await environment.signIn(.emailOTP(email: email))
                return
            }
            _ = try await environment.login.execute(with: .emailOTP(email: email))
            guard let typed = Terminal.ask("Code sent to \(email). Enter it: "), !typed.isEmpty else { throw .cancelled }
            try await environment.signIn(.emailCode(email: email, code: Secret(typed)))
        }
    }
}
