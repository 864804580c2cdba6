import ArgumentParser
import AuthDomain

/// `login mailbox`: the messages the simulated services mailed to an address.
struct MailboxCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mailbox",
        abstract: "List the codes the embedded backend (or, with --idp-url, the emulator) has mailed to an address, newest last.",
        discussion: "It only reads, so it answers at once even while another command (a login otp waiting for its code) runs.")

    @OptionGroup var global: GlobalOptions

    @Option(help: "The address.")
    var email: String

    func validate() throws {
        try EmailAddressValidation.check(email)
    }

    func run() async throws {
        let email = self.email.lowercased()
        try await LoginEnvironment.run(global, access: .readOnly) { environment throws(AuthError) in
            let sender = environment.options.backend.profile.mailSender
            let messages = try await environment.providers.mailbox(for: email).filter { $0.sender == sender }
            environment.reporter.mailbox(messages, email: email)
        }
    }
}
