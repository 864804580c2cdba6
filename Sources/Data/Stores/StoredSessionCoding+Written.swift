import AuthDomain
import AuthJWT
import Foundation

extension StoredSessionCoding {
    /// Reads the envelope in the form this library writes, with the strict JSON parser instead of
    /// `JSONDecoder` (whose work, and the runtime's first look-ups of every `Codable` type it
    /// touches, a returning command paid on each run). It reads only that form: the fields
    /// `encode(_:)` writes, each of the type it writes, `providerSubjects` or an earlier version's
    /// `appleUserID`, and no field it does not know, no `null`, no provider tokens, no photo URL.
    /// For anything else it gives `nil`, and ``decode(_:)`` asks `JSONDecoder`, as before: so the
    /// same bytes give the same session or the same refusal either way.
    /// - Parameter bytes: What the store held.
    /// - Returns: The envelope's version and session, or `nil` when `JSONDecoder` must read it.
    static func decodeWritten(_ bytes: [UInt8]) -> (version: Int, stored: StoredSession)? {
        guard let envelope = try? StrictJSONParser.parseObject(bytes),
            envelope.keys(within: ["version", "stored"]),
            case .int(let version)? = envelope["version"], let number = Int(exactly: version),
            let stored = envelope["stored"]?.objectValue.flatMap(storedSession)
        else { return nil }
        return (number, stored)
    }

    private static func storedSession(_ object: JSONObject) -> StoredSession? {
        guard object.keys(within: ["session", "user", "provider", "providerSubjects", "appleUserID"]),
            let session = object["session"]?.objectValue.flatMap(authSession),
            let user = object["user"]?.objectValue.flatMap(authUser)
        else { return nil }
        var subjects: [String: String] = [:]
        if let written = object["providerSubjects"] {
            guard let entries = written.objectValue else { return nil }
            for entry in entries {
                guard let subject = entry.value.stringValue else { return nil }
                subjects[entry.key] = subject
            }
        }
        if let legacy = object["appleUserID"] {
            guard let subject = legacy.stringValue else { return nil }
            if subjects["apple"] == nil { subjects["apple"] = subject }
        }
        var provider: ProviderID?
        if let written = object["provider"] {
            guard let name = written.stringValue else { return nil }
            provider = ProviderID(rawValue: name)
        }
        return StoredSession(
            session: session, user: user, provider: provider,
            providerSubjects: Dictionary(uniqueKeysWithValues: subjects.map { (ProviderID(rawValue: $0.key), $0.value) }))
    }

    private static func authSession(_ object: JSONObject) -> AuthSession? {
        guard object.keys(within: ["accessToken", "refreshToken", "expiresAt", "userID", "assuranceLevel"]),
            let accessToken = object["accessToken"]?.stringValue, let refreshToken = object["refreshToken"]?.stringValue,
            let expiresAt = object["expiresAt"].flatMap(referenceDate), let userID = object["userID"]?.stringValue
        else { return nil }
        var session = AuthSession(
            accessToken: Secret(accessToken), refreshToken: Secret(refreshToken), expiresAt: expiresAt, userID: userID)
        if let written = object["assuranceLevel"] {
            guard let level = written.stringValue else { return nil }
            session.assuranceLevel = AssuranceLevel(rawValue: level)
        }
        return session
    }

    private static func authUser(_ object: JSONObject) -> AuthUser? {
        let known: Set<String> = [
            "id", "email", "displayName", "isEmailVerified", "isPrivateRelayEmail", "isAnonymous", "providers",
        ]
        guard object.keys(within: known), let id = object["id"]?.stringValue,
            let isEmailVerified = object["isEmailVerified"]?.boolValue,
            let isPrivateRelayEmail = object["isPrivateRelayEmail"]?.boolValue,
            let isAnonymous = object["isAnonymous"]?.boolValue, let written = object["providers"]?.arrayValue
        else { return nil }
        var providers: [ProviderID] = []
        for value in written {
            guard let name = value.stringValue else { return nil }
            providers.append(ProviderID(rawValue: name))
        }
        var email: String?
        var displayName: String?
        if let value = object["email"] {
            guard let text = value.stringValue else { return nil }
            email = text
        }
        if let value = object["displayName"] {
            guard let text = value.stringValue else { return nil }
            displayName = text
        }
        return AuthUser(
            id: id, email: email, displayName: displayName, isEmailVerified: isEmailVerified,
            isPrivateRelayEmail: isPrivateRelayEmail, isAnonymous: isAnonymous, providers: providers)
    }

    /// A `Date` as `JSONEncoder` writes it by default (seconds since 2001-01-01), for numbers a
    /// `Double` holds exactly as written (whole numbers up to 2^53) or the strict parser read as one.
    private static func referenceDate(_ value: JSONValue) -> Date? {
        switch value {
        case .int(let seconds) where seconds.magnitude <= 1 << 53: Date(timeIntervalSinceReferenceDate: Double(seconds))
        case .double(let seconds) where seconds.isFinite: Date(timeIntervalSinceReferenceDate: seconds)
        default: nil
        }
    }
}

extension JSONObject {
    /// Whether every key is one of `known`.
    fileprivate func keys(within known: Set<String>) -> Bool {
        allSatisfy { known.contains($0.key) }
    }
}
