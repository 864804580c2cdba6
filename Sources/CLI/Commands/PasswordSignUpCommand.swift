import ArgumentParser
import AuthDomain

/// `login password sign-up`: a new email + password account.
struct PasswordSignUpCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign-up", abstract: "Create an email + password account.",
        discussion: """
            With email confirmation on (GoTrue's default), the account waits for the mailed code: \
            `login mailbox --email E` shows it, `login otp --email E --code CODE` confirms it and signs in.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var gates: SignInOptions
    @OptionGroup var source: PasswordSource

    @Option(help: "The account's address.")
    var email: String

    @Option(help: "The person's name (\"Given Family\").")
    var name: String?

    @Option(name: .customLong("data"), help: "User metadata, KEY=VALUE (repeatable).")
    var data: [String] = []

    func validate() throws {
        try EmailAddressValidation.check(email)
        try PersonNameOption.check(name)
        if data.count > 64 { throw ValidationError("--data takes at most 64 entries") }
        for entry in data where !entry.contains("=") || entry.hasPrefix("=") {
            throw ValidationError("--data wants KEY=VALUE, not \"\(entry)\"")
        }
    }

    func run() async throws {
        let password = try source.read("Choose a password for \(email): ", json: global.json)
        var metadata: [String: String] = [:]
        for entry in data {
            let parts = entry.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            metadata[String(parts[0])] = String(parts[1])
        }
        let signUp = PasswordSignUp(email: email, password: password, name: name.flatMap(PersonName.parsing), metadata: metadata)
        try await LoginEnvironment.run(global, signIn: gates.chosen, termsAccepted: gates.termsAccepted) { environment throws(AuthError) in
            try await environment.signIn(.passwordSignUp(signUp))
        }
    }
}
