/// The answer of `POST /signup` with an email and a password (GoTrue internal/api/signup.go):
/// a session when the address needs no confirmation, else the user alone (the new one waiting
/// for its confirmation, or GoTrue's obfuscated user for an address already registered).
package enum SupabaseSignUpResponse: Decodable, Hashable, Sendable {
    /// Signed in at once.
    case session(SupabaseSessionPayload)
    /// Waiting for the mailed confirmation.
    case user(SupabaseUserPayload)

    private enum Keys: String, CodingKey {
        case accessToken = "access_token"
    }

    /// Decodes a session when the body carries `access_token`, else a user.
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when the body is neither.
    package init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: Keys.self)
        if keys.contains(.accessToken) {
            self = .session(try SupabaseSessionPayload(from: decoder))
        } else {
            self = .user(try SupabaseUserPayload(from: decoder))
        }
    }
}
