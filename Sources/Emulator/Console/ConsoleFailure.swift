/// Why the console could not do what it was asked.
enum ConsoleFailure: Error, Sendable, Equatable {
    /// No such user (any more).
    case userNotFound
    /// The service refused, with its reason.
    case refused(String)
}
