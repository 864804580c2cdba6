import ArgumentParser

/// How a provider command words its sheet options: what `--email` and `--name` are on its sheet,
/// and why `--browser` refuses them.
protocol SheetWording {
    /// `--email`'s help: the account the sheet signs in.
    static var accountHelp: ArgumentHelp { get }
    /// `--name`'s help.
    static var nameHelp: ArgumentHelp { get }
    /// Why the sheet's options do not go with `--browser` (the provider's page asks instead).
    static var browserRefusal: String { get }
}
