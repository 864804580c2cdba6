import AuthDomain
import AuthJWT
import Foundation

extension StoredSessionCoding {
    /// The envelope in the form ``decodeWritten(_:)`` reads, written with the JSON writer the
    /// tokens use instead of `JSONEncoder` (whose first use in a process, and the runtime's first
    /// look-ups of every `Codable` type it touches, a command that saves a session paid on each run).
    ///
    /// Keys are sorted as `encode(_:)` sorts them, so equal sessions give equal bytes; the text
    /// differs from `JSONEncoder`'s only where JSON allows it (`/` is not escaped, a whole number
    /// of seconds has no fraction). It writes only that form: a session with provider tokens, a user
    /// with a photo URL, or an expiry that is not a finite number gives `nil`, and `encode(_:)` asks
    /// `JSONEncoder`, as before.
    /// - Parameter session: The session.
    /// - Returns: The bytes, or `nil` when `JSONEncoder` must write them.
    static func encodeWritten(_ session: StoredSession) -> [UInt8]? {
        guard let stored = storedObject(session) else { return nil }
        var envelope = JSONObject(capacity: 2)
        envelope.append("stored", .object(stored))
        envelope.append("version", .int(Int64(version)))
        return envelope.serialized()
    }

    private static func storedObject(_ stored: StoredSession) -> JSONObject? {
        guard let session = sessionObject(stored.session), let user = userObject(stored.user) else { return nil }
        var object = JSONObject(capacity: 4)
        object.append("provider", stored.provider.map { .string($0.rawValue) })
        if !stored.providerSubjects.isEmpty {
            var subjects = JSONObject(capacity: stored.providerSubjects.count)
            for (provider, subject) in stored.providerSubjects.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                subjects.append(provider.rawValue, .string(subject))
            }
            object.append("providerSubjects", .object(subjects))
        }
        object.append("session", .object(session))
        object.append("user", .object(user))
        return object
    }

    private static func sessionObject(_ session: AuthSession) -> JSONObject? {
        let seconds = session.expiresAt.timeIntervalSinceReferenceDate
        guard session.providerTokens == nil, seconds.isFinite else { return nil }
        var object = JSONObject(capacity: 5)
        object.append("accessToken", .string(session.accessToken.revealed))
        object.append("assuranceLevel", session.assuranceLevel.map { .string($0.rawValue) })
        object.append("expiresAt", .double(seconds))
        object.append("refreshToken", .string(session.refreshToken.revealed))
        object.append("userID", .string(session.userID))
        return object
    }

    private static func userObject(_ user: AuthUser) -> JSONObject? {
        guard user.photoURL == nil else { return nil }
        var object = JSONObject(capacity: 7)
        object.append("displayName", user.displayName.map { .string($0) })
        object.append("email", user.email.map { .string($0) })
        object.append("id", .string(user.id))
        object.append("isAnonymous", .bool(user.isAnonymous))
        object.append("isEmailVerified", .bool(user.isEmailVerified))
        object.append("isPrivateRelayEmail", .bool(user.isPrivateRelayEmail))
        object.append("providers", .array(user.providers.map { .string($0.rawValue) }))
        return object
    }
}
