import AuthData
import AuthJWT
import Foundation

/// GoTrue's `auth.users` and `auth.identities` rows read into the Supabase-like engine's records,
/// ids kept (GoTrue `migrations/`: `users.id`, `identities.id`, `identities.user_id`, the
/// `unique(provider_id, provider)` constraint), `encrypted_password` kept as the bcrypt string
/// GoTrue stores (internal/models/user.go), `raw_app_meta_data` beyond `provider`/`providers` kept
/// as the admin's app metadata (the claims), `raw_user_meta_data` as the user metadata.
enum SupabaseSeedRecords {
    /// The columns of `auth.users` written and read.
    static let userColumns = [
        "instance_id", "id", "aud", "role", "email", "encrypted_password", "email_confirmed_at", "invited_at",
        "confirmation_sent_at", "recovery_sent_at", "last_sign_in_at", "raw_app_meta_data", "raw_user_meta_data",
        "created_at", "updated_at", "banned_until", "is_anonymous",
    ]
    /// The columns of `auth.identities` written and read.
    static let identityColumns = [
        "provider_id", "user_id", "identity_data", "provider", "last_sign_in_at", "created_at", "updated_at", "email", "id",
    ]

    /// The users, with their identities oldest first.
    /// - Parameters:
    ///   - users: `auth.users` rows.
    ///   - identities: `auth.identities` rows.
    ///   - now: For rows without `created_at`.
    /// - Returns: The records, in the users' order.
    /// - Throws: The first row refused: a column of the wrong type, a duplicate id, email or
    ///   identity, an identity of no user in the file, a password that is not a bcrypt hash.
    static func records(users: [GoTrueRow], identities: [GoTrueRow], now: Date) throws(UserSeedError) -> [SupabaseUserRecord] {
        var records: [SupabaseUserRecord] = []
        var index: [String: Int] = [:]
        var emails: Set<String> = []
        for row in users {
            let record = try user(row, now: now)
            guard index[record.id] == nil else { throw row.error("id \(record.id) is in the file twice") }
            guard record.email.isEmpty || emails.insert(record.email).inserted else { throw row.error("email is another row's email") }
            index[record.id] = records.count
            records.append(record)
        }
        var subjects: Set<String> = []
        for row in identities {
            let (userID, identity) = try identity(row, now: now)
            guard let position = index[userID] else { throw row.error("user_id \(userID) is no user of the file") }
            guard subjects.insert(identity.provider + "\n" + identity.providerID).inserted else {
                throw row.error("provider \(identity.provider) provider_id \(identity.providerID.prefix(64)) is another row's identity")
            }
            records[position].identities.append(identity)
        }
        for position in records.indices { records[position].identities.sort { $0.createdAt < $1.createdAt } }
        return records
    }

    private static func user(_ row: GoTrueRow, now: Date) throws(UserSeedError) -> SupabaseUserRecord {
        let id = try row.uuid("id")
        var email = ""
        if let raw = try row.text("email"), !raw.isEmpty {
            guard let normalized = try? EmailAddress.normalized(raw) else { throw row.error("email is invalid") }
            email = normalized
        }
        var password: String?
        if let hash = try row.text("encrypted_password"), !hash.isEmpty {
            guard (try? BcryptHash(parsing: hash)) != nil else { throw row.error("encrypted_password is not a bcrypt hash") }
            password = hash
        }
        var claims = try row.object("raw_app_meta_data") ?? [:]
        claims["provider"] = nil
        claims["providers"] = nil
        let createdAt = try row.time("created_at") ?? now
        var record = SupabaseUserRecord(
            id: id, email: email, emailConfirmedAt: try row.time("email_confirmed_at"),
            userMetadata: try row.object("raw_user_meta_data") ?? [:], identities: [], createdAt: createdAt,
            updatedAt: try row.time("updated_at") ?? createdAt, lastSignInAt: try row.time("last_sign_in_at"),
            isAnonymous: try row.bool("is_anonymous") ?? false, bannedUntil: try row.time("banned_until"),
            confirmationSentAt: try row.time("confirmation_sent_at"), recoverySentAt: try row.time("recovery_sent_at"),
            customAppMetadata: claims.isEmpty ? nil : claims, encryptedPassword: password, invitedAt: try row.time("invited_at"))
        record.updatedAt = max(record.updatedAt, record.createdAt)
        return record
    }

    private static func identity(_ row: GoTrueRow, now: Date) throws(UserSeedError) -> (String, SupabaseIdentityRecord) {
        let userID = try row.uuid("user_id")
        let provider = try row.required("provider")
        let subject = try row.required("provider_id")
        guard provider.count <= 64, subject.count <= 255 else { throw row.error("provider or provider_id is too long") }
        // Dumps from before GoTrue's identities.id column (2023) have none: one is made.
        let identityID = try row.text("id") == nil ? UUID().uuidString.lowercased() : try row.uuid("id")
        let data = try row.object("identity_data") ?? [:]
        let createdAt = try row.time("created_at") ?? now
        let email = try row.text("email") ?? data["email"]?.stringValue
        let identity = SupabaseIdentityRecord(
            identityID: identityID, provider: provider, providerID: subject, identityData: data, email: email?.lowercased(),
            createdAt: createdAt, updatedAt: try row.time("updated_at") ?? createdAt, lastSignInAt: try row.time("last_sign_in_at"))
        return (userID, identity)
    }

    /// A user's `auth.users` row, every value as `row_to_json` gives it.
    static func userRow(_ user: SupabaseUserRecord) -> JSONObject {
        func time(_ date: Date?) -> JSONValue { date.map { .string(PostgresTimestamp.json($0)) } ?? .null }
        return [
            "instance_id": .string("00000000-0000-0000-0000-000000000000"), "id": .string(user.id),
            "aud": .string("authenticated"), "role": .string("authenticated"),
            "email": user.email.isEmpty ? .null : .string(user.email),
            "encrypted_password": user.encryptedPassword.map(JSONValue.string) ?? .string(""),
            "email_confirmed_at": time(user.emailConfirmedAt), "invited_at": time(user.invitedAt),
            "confirmation_sent_at": time(user.confirmationSentAt), "recovery_sent_at": time(user.recoverySentAt),
            "last_sign_in_at": time(user.lastSignInAt), "raw_app_meta_data": .object(user.appMetadata),
            "raw_user_meta_data": .object(user.userMetadata), "created_at": time(user.createdAt), "updated_at": time(user.updatedAt),
            "banned_until": time(user.bannedUntil), "is_anonymous": .bool(user.isAnonymous),
        ]
    }

    /// An identity's `auth.identities` row.
    static func identityRow(_ identity: SupabaseIdentityRecord, userID: String) -> JSONObject {
        func time(_ date: Date) -> JSONValue { .string(PostgresTimestamp.json(date)) }
        return [
            "provider_id": .string(identity.providerID), "user_id": .string(userID), "identity_data": .object(identity.identityData),
            "provider": .string(identity.provider), "last_sign_in_at": identity.lastSignInAt.map(time) ?? .null,
            "created_at": time(identity.createdAt), "updated_at": time(identity.updatedAt),
            "email": identity.email.map(JSONValue.string) ?? .null, "id": .string(identity.identityID),
        ]
    }

    /// A JSON row as CSV fields: text as is, timestamps in text form, booleans `t`/`f`, objects as JSON.
    static func csvFields(_ row: JSONObject, columns: [String]) -> [String?] {
        columns.map { column in
            switch row[column] {
            case nil, .null?: return nil
            case .string(let text)?: return PostgresTimestamp.parse(text).map(PostgresTimestamp.text) ?? text
            case .bool(let value)?: return value ? "t" : "f"
            case let value?: return String(decoding: value.serialized(), as: UTF8.self)
            }
        }
    }
}
