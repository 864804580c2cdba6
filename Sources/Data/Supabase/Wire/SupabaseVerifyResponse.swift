import AuthJWT

/// The answer of `POST /verify` (GoTrue internal/api/verify.go `verifyPost`): a session, or,
/// for the first of the two confirmations of a secure email change, GoTrue's message
/// `{"msg": "Confirmation link accepted. Please proceed to confirm link sent to the other email", "code": "200"}`.
package enum SupabaseVerifyResponse: Decodable, Hashable, Sendable {
    /// Verified: signed in (for an email change, with the new address in place).
    case session(SupabaseSessionPayload)
    /// One of the two addresses of a secure email change confirmed; the other is still due.
    case confirmationAccepted(message: String)

    /// GoTrue's `singleConfirmationAccepted`.
    package static let singleConfirmationAccepted =
        "Confirmation link accepted. Please proceed to confirm link sent to the other email"

    private enum Keys: String, CodingKey {
        case accessToken = "access_token"
        case msg
    }

    /// Decodes a session when the body carries `access_token`, else GoTrue's message.
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when the body is neither.
    package init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: Keys.self)
        if keys.contains(.accessToken) {
            self = .session(try SupabaseSessionPayload(from: decoder))
        } else {
            self = .confirmationAccepted(message: try keys.decode(String.self, forKey: .msg))
        }
    }

    /// The response body, as GoTrue writes it.
    package var jsonObject: JSONObject {
        switch self {
        case .session(let session): session.jsonObject
        case .confirmationAccepted(let message): ["msg": .string(message), "code": .string("200")]
        }
    }

    /// The session, if this answer carries one.
    package var session: SupabaseSessionPayload? {
        if case .session(let session) = self { return session }
        return nil
    }
}
