import Foundation

/// Everything the console's user page shows about one user.
struct ConsoleUserDetail: Sendable, Equatable {
    /// A sign-in identity linked to the user.
    struct Identity: Sendable, Equatable {
        /// The provider, as the service names it (`apple`, `google.com`, `email`, …).
        var provider: String
        /// The provider's subject for the user (Supabase's `provider_id`, Firebase's `rawId`).
        var subject: String
        /// The identity's email, if any.
        var email: String?
        /// When it was linked, where the service keeps it.
        var createdAt: Date?
        /// Its last sign-in, where the service keeps it.
        var lastSignInAt: Date?
    }

    /// A session: one signed-in device (a Supabase session, a Firebase refresh token).
    struct Session: Sendable, Equatable {
        /// The session id, where the service has one (Supabase); never a token.
        var id: String?
        /// How it was signed in (Supabase's `amr` method, Firebase's `sign_in_provider`).
        var method: String
        /// When it began.
        var createdAt: Date
        /// Its last refresh, if any.
        var lastRefreshedAt: Date?
        /// When it stops (or stopped) refreshing; `nil` for never (until sign-out).
        var expiresAt: Date?
        /// Whether that time has come.
        var isExpired: Bool
    }

    /// An app the user's Apple ID authorized (Settings' "Apps using Apple ID").
    struct AppleAuthorization: Sendable, Equatable {
        /// The app (a bundle id or Services id).
        var clientID: String
        /// Apple's user identifier for the team (`sub`).
        var subject: String
        /// The email the app was given: the Apple ID's, or a Hide My Email relay address.
        var sharedEmail: String
        /// Whether that email is a relay address.
        var isPrivateEmail: Bool
        /// When the person authorized the app.
        var authorizedAt: Date
        /// When the authorization was revoked (Settings, or the app's token revocation), if it was.
        var revokedAt: Date?
        /// Whether it is one of the client ids this emulator serves.
        var isThisApp: Bool
    }

    /// A named value of the user's profile or metadata.
    struct Field: Sendable, Equatable {
        /// Its name (`user_metadata`, `displayName`, `customAttributes`, …).
        var name: String
        /// Its value, as text (JSON for objects).
        var value: String
    }

    /// A second factor with its current code, as the mailbox shows a mailed code.
    struct Factor: Sendable, Equatable {
        /// The factor's id.
        var id: String
        /// `friendly_name`, if any.
        var name: String
        /// `unverified` or `verified`.
        var status: String
        /// The code an authenticator app shows now.
        var code: String
        /// Seconds until the next code.
        var secondsLeft: Int
    }

    /// A passkey (a WebAuthn credential row): what a user sees in their account's list, and the
    /// stored counter a relying party compares each sign-in's against.
    struct Passkey: Sendable, Equatable {
        /// Its id, as the passkey routes name it.
        var id: String
        /// `friendly_name`.
        var name: String
        /// When it was registered.
        var createdAt: Date
        /// Its last sign-in, if any.
        var lastUsedAt: Date?
        /// `sign_count`: the authenticator's counter at the last ceremony.
        var signCount: UInt32
    }

    /// The row the users table shows.
    var summary: ConsoleUserSummary
    /// Whether the email is verified (confirmed).
    var emailVerified: Bool
    /// Until when a Supabase user is banned, if they are.
    var bannedUntil: Date?
    /// The user's metadata and profile.
    var fields: [Field]
    /// The linked identities.
    var identities: [Identity]
    /// The sessions, oldest first.
    var sessions: [Session]
    /// The apps the user's Apple ID authorized, for each Apple identity.
    var appleAuthorizations: [AppleAuthorization]
    /// A Firebase user's `validSince`: tokens issued before it are refused.
    var validSince: Date?
    /// The user's TOTP factors and their current codes.
    var factors: [Factor] = []
    /// The user's passkeys, oldest first.
    var passkeys: [Passkey] = []
}
