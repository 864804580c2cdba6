import AuthDomain
import AuthSimulation

/// The ways in that `login` names on its command line, one row each: the one table the CLI
/// reads for `link` and `unlink`, the `--browser` sign-ins, the app's client ids (the
/// embedded services' and `login serve`'s) and the providers whose ID tokens GoTrue's
/// `GOTRUE_EXTERNAL_<PROVIDER>_SKIP_NONCE_CHECK` names. A provider with a sign-in command of
/// its own (`login apple`) also has that command.
///
/// ```swift
/// CLIProvider.table.filter(\.linkable).map(\.argument) // ["apple", "google"]
/// ```
struct CLIProvider: Sendable, Equatable {
    /// The provider's id, as the domain and the services name it.
    let id: ProviderID
    /// Whether `login link` adds it to the signed-in account.
    var linkable = false
    /// Whether `login unlink` removes it.
    var unlinkable = false
    /// Whether it signs in with an ID token the services verify (and `--browser` reaches it
    /// through the OAuth code flow with PKCE).
    var idTokens = false
    /// The account its sheet signs in when none is named.
    var defaultAccount: String?
    /// The client id its global option gives (`--apple-client-id`), `nil` for none.
    var clientID: (@Sendable (GlobalOptions) -> String)?
    /// The client ids `login serve`'s repeatable option gives (none when left out).
    var serveClientIDs: (@Sendable (ServeCommand) -> [String])?

    /// The word typed on the command line (`login link apple`).
    var argument: String { id.rawValue }

    /// The account a sheet signs in: the one named, else the default.
    /// - Parameter named: The account given with `--email`, if any.
    /// - Returns: The account (empty for a provider without a sheet).
    func account(named: String?) -> String { named ?? defaultAccount ?? "" }

    static func == (lhs: CLIProvider, rhs: CLIProvider) -> Bool { lhs.id == rhs.id }

    /// Sign in with Apple.
    static let apple = CLIProvider(
        id: .apple, linkable: true, unlinkable: true, idTokens: true, defaultAccount: AppleIDConfiguration.standardAppleID,
        clientID: { $0.appleClientID }, serveClientIDs: { $0.appleClientID })
    /// Google Sign-In.
    static let google = CLIProvider(
        id: .google, linkable: true, unlinkable: true, idTokens: true, defaultAccount: "grace.hopper@gmail.com",
        clientID: { $0.googleClientID }, serveClientIDs: { $0.googleClientID })
    /// The emailed code's identity.
    static let email = CLIProvider(id: .emailCode, unlinkable: true)

    /// Every row.
    static let table: [CLIProvider] = [.apple, .google, .email]

    /// The rows whose ID tokens the services verify.
    static var idTokenProviders: [CLIProvider] { table.filter(\.idTokens) }

    /// The client ids the options give, by provider.
    /// - Parameter options: The global options.
    /// - Returns: One client id per provider that has one.
    static func clientIDs(_ options: GlobalOptions) -> [ProviderID: [String]] {
        // Sized for every row at once: growing it ran the standard library's copy of the resize,
        // which looks the dictionary's storage type up by name (a scan of every conformance).
        var ids = [ProviderID: [String]](minimumCapacity: table.count)
        for row in table { if let clientID = row.clientID { ids[row.id] = [clientID(options)] } }
        return ids
    }

    /// The arguments of some rows as help lists them: `apple or google`, `apple, google or email`.
    /// - Parameter rows: The rows.
    /// - Returns: The list.
    static func listed(_ rows: [CLIProvider]) -> String {
        let words = rows.map(\.argument)
        guard let last = words.last, words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " or " + last
    }
}
