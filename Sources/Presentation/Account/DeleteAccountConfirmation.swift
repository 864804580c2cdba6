import AuthDomain

/// The confirmation shown before an account is deleted (App Store Review Guideline 5.1.1(v)):
/// it says what happens, naming what is revoked, before the user confirms.
public struct DeleteAccountConfirmation: Hashable, Sendable {
    /// The title.
    public let title: String
    /// What happens, in full sentences.
    public let message: String
    /// The destructive button's title.
    public let confirmTitle: String
    /// The cancel button's title.
    public let cancelTitle: String

    /// Decides the text for a user.
    ///
    /// Apple's tokens are revoked only when Apple is linked (the coordinator revokes them before
    /// the backend deletes the user, as Apple's TN3194 asks); the message names it then.
    /// - Parameter user: The signed-in user.
    public init(user: AuthUser) {
        title = user.isAnonymous ? "Delete this guest account?" : "Delete your account?"
        var sentences = [
            user.isAnonymous
                ? "This guest account and everything saved with it are deleted."
                : "Your account and everything saved with it are deleted.",
            "This can't be undone.",
        ]
        if user.providers.contains(.apple) {
            sentences.append("This app's access to your Apple ID is revoked: Sign in with Apple stops working for this account.")
        }
        sentences.append("You'll be signed out on this device.")
        message = sentences.joined(separator: " ")
        confirmTitle = "Delete account"
        cancelTitle = "Cancel"
    }
}
