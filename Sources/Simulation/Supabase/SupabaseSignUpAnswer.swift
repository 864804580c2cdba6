import AuthData
import AuthJWT

/// What `POST /signup` answers: a session, or (email confirmation on) the user alone.
package enum SupabaseSignUpAnswer: Sendable {
    /// Signed in: anonymous, or confirmed at once.
    case session(SupabaseSessionPayload)
    /// Waiting for the emailed confirmation, or GoTrue's obfuscated user for a taken address.
    case user(SupabaseUserPayload)

    /// The response body.
    package var jsonObject: JSONObject {
        switch self {
        case .session(let session): session.jsonObject
        case .user(let user): user.jsonObject
        }
    }
}
