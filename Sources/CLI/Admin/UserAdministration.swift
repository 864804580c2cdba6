import AuthDomain
import AuthJWT
import Foundation

/// What `login users` and `login reset` ask of a backend's admin API. Two adapters, one per
/// wire: ``SupabaseUserAdmin`` (GoTrue's `/admin/users`, a service-role key) and
/// ``FirebaseUserAdmin`` (the Admin API's `accounts:*`, a bearer token). Each talks to a remote
/// project or `login serve` over HTTP, or to the embedded services through the emulator's routes
/// in process, so the embedded and remote paths are the same code.
protocol UserAdministration: Sendable {
    /// Every user, fetched `pageSize` at a time, in the backend's order.
    func listUsers(pageSize: Int) async throws(AuthError) -> [AdminUser]
    /// One user.
    func user(id: String) async throws(AuthError) -> AdminUser
    /// Deletes a user.
    func deleteUser(id: String) async throws(AuthError)
    /// Bans (Supabase: for a duration) or disables (Firebase) a user, or lifts it.
    func ban(id: String, for length: BanLength) async throws(AuthError) -> AdminUser
    /// Merges claims into what the backend's admin keeps for the user (`null` removes one).
    func setClaims(id: String, _ claims: JSONObject) async throws(AuthError) -> AdminUser
}

/// How long a ban lasts.
enum BanLength: Hashable, Sendable {
    /// Until lifted.
    case forever
    /// A Go duration (`24h`, `1h30m`), as GoTrue's `ban_duration` takes it.
    case duration(String)
    /// Lift the ban.
    case none
}

/// A user as an admin sees it, the same shape for both backends.
struct AdminUser: Hashable, Sendable {
    var id: String
    var email: String?
    var name: String?
    /// Linked providers, by their domain ids (`apple`, `google`, `email`).
    var providers: [String]
    var isAnonymous: Bool
    /// Firebase `disabled`, or a Supabase ban still running.
    var isDisabled: Bool
    /// When a Supabase ban ends (RFC 3339), if one is set.
    var bannedUntil: String?
    /// Supabase `app_metadata` without `provider`/`providers`; Firebase custom claims.
    var claims: JSONObject
    var createdAt: String?
    var lastSignInAt: String?
    /// The phone number (E.164), if any.
    var phone: String?
    /// Whether the address is confirmed (GoTrue `email_confirmed_at`, Firebase `emailVerified`).
    var isEmailConfirmed: Bool
}

/// Where `users` and `reset` reach the admin API.
struct AdminAccess: Sendable {
    /// The administration adapter.
    let users: any UserAdministration
    /// `POST /reset` of the emulator (or of the in-process routes), when the backend is one.
    let reset: EmulatorReset?
}
