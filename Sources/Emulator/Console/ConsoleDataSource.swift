/// Everything the console reads from the services and does to them. The console knows the
/// services only through this port; ``SimulatedServicesConsoleSource`` is the adapter over the
/// simulated services, and the only code that changes when their storage does.
///
/// Lists come a page at a time: a source returns the rows of the page asked for and a count of
/// the whole, never every row.
protocol ConsoleDataSource: Sendable {
    /// One page of the users of every service, newest first.
    /// - Parameters:
    ///   - search: Lowercased text the user's id or email (or an identity's email) contains;
    ///     empty for every user.
    ///   - page: Which page.
    /// - Returns: The page and the number of users that match.
    func users(matching search: String, page: ConsolePageRequest) async -> ConsolePage<ConsoleUserSummary>

    /// One user, in full.
    /// - Parameter key: Which user.
    /// - Returns: The user, or `nil` when there is no such user.
    func user(_ key: ConsoleUserKey) async -> ConsoleUserDetail?

    /// One page of the mail sent, newest first.
    /// - Parameters:
    ///   - recipient: Only the mail to this address; `nil` for all.
    ///   - page: Which page.
    /// - Returns: The page and the number of messages.
    func mail(to recipient: String?, page: ConsolePageRequest) async -> ConsolePage<ConsoleMailMessage>

    /// Acts on a user.
    /// - Parameters:
    ///   - action: What to do.
    ///   - key: Which user.
    /// - Throws: ``ConsoleFailure``.
    func perform(_ action: ConsoleAction, on key: ConsoleUserKey) async throws(ConsoleFailure)

    /// The services a user can be created in: Supabase, and each Firebase project served.
    var serviceChoices: [ConsoleUserKey.Service] { get }

    /// Creates a user with a confirmed email, as the services' admin APIs do (GoTrue
    /// `POST /admin/users` with `email_confirm`, Identity Toolkit admin `accounts` create).
    /// - Parameters:
    ///   - service: Which service (and Firebase project).
    ///   - email: The email.
    ///   - password: The password, or `nil` for none (an emailed code signs the user in).
    /// - Returns: The new user.
    /// - Throws: ``ConsoleFailure`` with the service's reason (an email in use, a bad address, a
    ///   password Firebase's policy refuses).
    func createUser(in service: ConsoleUserKey.Service, email: String, password: String?) async throws(ConsoleFailure) -> ConsoleUserKey

    /// Forgets every user, session, code and message of every service, and what the simulated
    /// Apple and Google remember of people; keys stay.
    func reset() async
}
