import ArgumentParser
import AuthDomain

/// The options that answer a simulated provider's sheet (`login apple`, `login google`,
/// `login link`): the account and the name, each checked (a name a sheet could take, an email
/// address), and refused with `--browser`, whose page asks for them instead.
struct SheetOptions<Wording: SheetWording>: ParsableArguments {
    @Option(help: Wording.accountHelp)
    var email: String?

    @Option(help: Wording.nameHelp)
    var name: String?

    func validate() throws {
        try PersonNameOption.check(name)
        try EmailAddressValidation.check(email)
    }

    /// The name given, parsed.
    var personName: PersonName? { name.flatMap(PersonName.parsing) }

    /// Refuses the sheet's options with `--browser`.
    /// - Parameters:
    ///   - browser: The command's browser flags.
    ///   - others: Whether the command's own sheet options (`--cancel`, the email choice) were given.
    /// - Throws: `ValidationError` (exit 2) with ``SheetWording/browserRefusal``.
    func refuse(with browser: BrowserOptions, others: Bool) throws {
        if browser.browser, email != nil || name != nil || others { throw ValidationError(Wording.browserRefusal) }
    }
}
