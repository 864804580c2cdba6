import ArgumentParser
import AuthDomain
import AuthSimulation

/// `login apple`: Sign in with Apple through the simulated sheet.
struct AppleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apple", abstract: "Sign in with Apple.",
        discussion: "On a terminal, a first sign-in asks for the name and whether to share or hide the email, as Apple's sheet does.")

    enum EmailChoice: String, EnumerableFlag {
        case hideEmail
        case shareEmail

        static func help(for value: EmailChoice) -> ArgumentHelp? {
            value == .hideEmail ? "Use Hide My Email (a private relay address), on a first sign-in." : "Share the real email, on a first sign-in."
        }
    }

    @OptionGroup var global: GlobalOptions

    @Option(help: "The Apple ID signed in on the simulated device.")
    var email: String?

    @Option(help: ArgumentHelp("The name typed on a first sign-in.", valueName: "Given Family"))
    var name: String?

    @Flag var emailChoice: EmailChoice?

    @Flag(help: "Dismiss the sheet.")
    var cancel = false

    func validate() throws {
        if let name, PersonName.parsing(name) == nil { throw ValidationError("--name must not be empty") }
        if let email, (try? EmailAddressValidation.check(email)) == nil { throw ValidationError("--email \"\(email)\" is not an email address") }
    }

    func run() async throws {
        let name = self.name.flatMap(PersonName.parsing)
        let (emailChoice, cancel) = (self.emailChoice, self.cancel)
        let sheets = ProviderSheets(appleID: email, apple: { firstTime in
                guard !cancel else { return AppleSheetChoice(cancel: true) }
                var choice = AppleSheetChoice(name: name, hideEmail: emailChoice == .hideEmail)
                guard firstTime, Terminal.isInteractive else { return choice }
                if name == nil, let typed = Terminal.ask("Apple: your name, as \"Given Family\" (Enter to skip): ") {
                    choice.name = PersonName.parsing(typed)
                }
                if emailChoice == nil, let answer = Terminal.ask("Apple: share your email or hide it? [s]hare/[h]ide: ") {
                    choice.hideEmail = answer.lowercased().hasPrefix("h")
                }
                return choice
            })
        try await LoginEnvironment.run(global, sheets: sheets) { environment throws(AuthError) in
            try await environment.signIn(.social(.apple))
        }
    }
}
