import AuthJWT

/// The keys the Supabase CLI's local stack uses unless a project sets its own: its documented
/// demo JWT secret, and the `anon` and `service_role` API keys signed with it (HS256, claims
/// `iss: supabase-demo`, `role`, `exp: 1983812996`), as `supabase status` prints them
/// (supabase/cli `pkg/config/apikeys.go`). Every local stack has these, so an app's local
/// configuration survives a reset; they are public, and protect nothing.
public enum SupabaseLocalKeys {
    /// `auth.jwt_secret`'s default: GoTrue's `GOTRUE_JWT_SECRET` in a local stack.
    public static let jwtSecret = "super-secret-jwt-token-with-at-least-32-characters-long"

    /// The `anon` key (`SUPABASE_ANON_KEY`).
    public static let anonKey =
        "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9"
        + ".eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9"
        + ".CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0"

    /// The `service_role` key (`SUPABASE_SERVICE_ROLE_KEY`): admin rights over the local stack.
    public static let serviceRoleKey =
        "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9"
        + ".eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0"
        + ".EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU"

    /// The claims the Supabase CLI signs its API keys with.
    /// - Parameter role: `anon` or `service_role`.
    /// - Returns: The claims, in the CLI's order.
    package static func apiKeyClaims(role: String) -> JSONObject {
        ["iss": .string("supabase-demo"), "role": .string(role), "exp": .int(1_983_812_996)]
    }
}
