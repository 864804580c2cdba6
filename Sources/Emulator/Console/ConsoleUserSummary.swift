import Foundation

/// One row of the console's users table.
struct ConsoleUserSummary: Sendable, Equatable {
    /// Which service and user.
    var key: ConsoleUserKey
    /// The user's email, if any.
    var email: String?
    /// The name the user's metadata or profile gives, if any.
    var name: String?
    /// The sign-in providers linked, as the service names them (`apple`, `google.com`, …).
    var providers: [String]
    /// Whether this is an anonymous (guest) user.
    var isAnonymous: Bool
    /// Whether the user is banned (Supabase) or disabled (Firebase) now.
    var isBanned: Bool
    /// When the user was created.
    var createdAt: Date
    /// The user's last sign-in, if any.
    var lastSignInAt: Date?
    /// Whether the email is confirmed (Supabase `email_confirmed_at` set, Firebase `emailVerified`).
    var isConfirmed = false
}
