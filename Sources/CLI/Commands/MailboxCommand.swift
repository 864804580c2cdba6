import ArgumentParser
import AuthDomain

/// `login mailbox`: the messages the embedded services mailed to an address.
struct MailboxCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mailbox", abstract: "List the codes the embedded backend has mailed to an address, newest last.")

    @OptionGroup var global: GlobalOptions

    @Option(help: "The address.")
    var email: String

    func validate() throws {
        if (try? EmailAddressValidation.check(email)) == nil { throw ValidationError("--email \"\(email)\" is not an email address") }
    }

    func run() async throws {
        let email = self.email.lowercased()
        try await LoginEnvironment.run(global) { environment throws(AuthError) in
            let messages = try await environment.providers.mailbox(for: email).filter { $0.sender == environment.backendName }
            environment.reporter.mailbox(messages, email: email)
        }
    }
}
