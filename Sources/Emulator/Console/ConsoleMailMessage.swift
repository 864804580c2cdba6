import Foundation

/// One message of the console's mailbox.
struct ConsoleMailMessage: Sendable, Equatable {
    /// The address it was sent to.
    var recipient: String
    /// The service that sent it (`supabase`, `firebase`).
    var sender: String
    /// `magiclink`, `confirmation`, `reauthentication` or `EMAIL_SIGNIN`.
    var kind: String
    /// The code to type (a Supabase one-time code, a Firebase `oobCode`).
    var code: String
    /// The link in the message, if the service sent one.
    var link: String?
    /// When it was sent.
    var sentAt: Date
}
