/// A refusal from Supabase Auth, in the two shapes it has: an API error with a string code, or
/// an OAuth error (`error`, `error_description`, always HTTP 400) from the id_token grant.
package enum SupabaseFailure: Error, Hashable, Sendable {
    /// `{"code": "...", "message": "..."}` (or the legacy shape) with an HTTP status.
    case api(status: Int, code: String, message: String)
    /// `{"error": "...", "error_description": "..."}`, HTTP 400.
    case oauth(error: String, description: String)

    /// The HTTP status the failure is sent with.
    package var status: Int {
        switch self {
        case .api(let status, _, _): status
        case .oauth: 400
        }
    }
}
