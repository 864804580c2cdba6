import ArgumentParser
import AuthData
import AuthDomain

/// `login password verify-email`: Firebase's address verification, by a typed code.
struct PasswordVerifyEmailCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify-email", abstract: "Firebase: mail the signed-in user a verification code, or apply a mailed code.",
        discussion: """
            Without --code: mails the signed-in user's address a VERIFY_EMAIL code (Identity Toolkit sendOobCode). With --code: \
            applies a VERIFY_EMAIL code (the address becomes verified) or the VERIFY_AND_CHANGE_EMAIL code that \
            `login password change-email` mailed to the new address (the account moves to it; sign in again). \
            On Supabase a sign-up is confirmed with `login otp --email E --code CODE`.
            """)

    @OptionGroup var global: GlobalOptions

    // `.unconditional`: a Firebase oobCode is base64url and may begin with `-`.
    @Option(parsing: .unconditional, help: "The code from the mail (its oobCode).")
    var code: String?

    func validate() throws {
        guard let code else { return }
        if code.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("--code must not be empty") }
        if code.utf8.count > 1024 { throw ValidationError("--code is longer than any mailed code (1024 bytes)") }
    }

    func run() async throws {
        let code = self.code.map { Secret($0) }
        try await LoginEnvironment.run(global) { environment throws(AuthError) in
            guard let firebase = environment.backend as? FirebaseAuthBackend else {
                throw .invalidInput("verify-email is Firebase's; on Supabase a sign-up is confirmed with login otp --email E --code CODE")
            }
            if let code {
                environment.reporter.emailVerified(try await firebase.applyActionCode(code), backend: environment.backendName)
                return
            }
            _ = try environment.requireSignedIn()
            guard let passwords = environment.passwords else { throw .invalidInput("this backend has no passwords") }
            let challenge = try await passwords.resend(.signUpConfirmation, to: nil)
            environment.reporter.verificationSent(challenge, backend: environment.backendName)
        }
    }
}
