/// A new sign-up waiting for the user to accept or decline the app's terms: what
/// ``LoginOutcome/termsRequired(_:)`` holds and ``LoginUseCase`` needs to continue or undo it.
public struct PendingTermsAcceptance: Hashable, Sendable {
    /// The sign-in that created the account.
    public let result: AuthenticationResult

    /// Creates the pending step.
    /// - Parameter result: The sign-in that created the account.
    public init(result: AuthenticationResult) {
        self.result = result
    }
}
