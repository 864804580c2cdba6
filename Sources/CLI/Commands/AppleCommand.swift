import ArgumentParser
import AuthData
import AuthDomain
import AuthSimulation

/// `login apple`: Sign in with Apple through the simulated sheet.
struct AppleCommand: AsyncParsableCommand {
    /// `_superCommandName` names the tool this command is part of. The root's parse never reads it
    /// (the root there is `login`, whose help and messages are unchanged); parsed as the root of its own
    /// parse (`Login.parseLeafCommand`), it makes ArgumentParser skip its look for
    /// `--generate-completion-script`, which builds two argument sets of its own and which
    /// `Login.parseLeafCommand` leaves to the root's parse anyway.
    static let configuration = CommandConfiguration(
        commandName: "apple", _superCommandName: "login", abstract: "Sign in with Apple.",
        discussion: """
            On a terminal, a first sign-in asks for the name and whether to share or hide the email, as Apple's sheet does; \
            a returning sign-in gets neither from Apple (--name and --hide-email then do nothing, and a note says so). \
            With --browser, Apple's page asks these instead (Docs/WebSignIn.md).
            """)

    /// `CustomStringConvertible` (the case's name, ArgumentParser's `description` for a raw-value
    /// flag) is what ArgumentParser's `String(describing:)` of each case finds first, instead of
    /// the runtime's look for every printing protocol before it reflects the case.
    enum EmailChoice: String, EnumerableFlag, CustomStringConvertible {
        case hideEmail
        case shareEmail

        static func help(for value: EmailChoice) -> ArgumentHelp? {
            value == .hideEmail
                ? "Use Hide My Email (a private relay address), on a first sign-in." : "Share the real email, on a first sign-in."
        }
    }

    @OptionGroup var global: GlobalOptions
    @OptionGroup var gates: SignInOptions
    @OptionGroup var browserOptions: BrowserOptions

    @OptionGroup var sheet: SheetOptions<AppleCommand>

    @Flag var emailChoice: EmailChoice?

    @Flag(help: "Dismiss the sheet.")
    var cancel = false

    func validate() throws {
        try sheet.refuse(with: browserOptions, others: emailChoice != nil || cancel)
    }

    func run() async throws {
        let terms = gates.termsAccepted
        if let browser = browserOptions.signIn(global) {
            try await LoginEnvironment.run(global, sheets: ProviderSheets(browser: browser), signIn: gates.chosen, termsAccepted: terms) {
                environment throws(AuthError) in
                try await environment.signIn(.social(.apple)) { _ in [] }
            }
            return
        }
        // Without --email, the default Apple ID signs in, not the one a previous --email named.
        let appleID = CLIProvider.apple.account(named: sheet.email)
        let questions = AppleSheetQuestions(name: sheet.personName, hideEmail: emailChoice.map { $0 == .hideEmail })
        let choice = cancel ? AppleSheetChoice(cancel: true) : try await questions.ask(global, appleID: appleID)
        let first = Locked<Bool?>(nil)
        let sheets = ProviderSheets(
            appleID: appleID,
            apple: { isFirst in
                first.withLock { $0 = isFirst }
                return choice
            })
        try await LoginEnvironment.run(global, sheets: sheets, signIn: gates.chosen, termsAccepted: terms) {
            environment throws(AuthError) in
            try await environment.signIn(.social(.apple)) { _ in questions.notes(firstAuthorization: first.current) }
        }
    }
}

extension AppleCommand: SheetWording {
    static var accountHelp: ArgumentHelp {
        ArgumentHelp("The Apple ID signed in on the simulated device (default: \(CLIProvider.apple.account(named: nil))).")
    }
    static var nameHelp: ArgumentHelp { ArgumentHelp("The name typed on a first sign-in.", valueName: "Given Family") }
    static var browserRefusal: String {
        "with --browser, the Apple ID, name and email choice are given on Apple's page, and cancelling is done there"
    }
}
