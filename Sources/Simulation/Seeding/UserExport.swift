import AuthData
import AuthJWT
import Foundation

/// The simulated services' users written in the services' own formats, for ``UserSeed`` or the
/// services themselves to import: Firebase's `auth:export` JSON (firebase-tools
/// src/accountExporter.ts: `localId`, `email`, `emailVerified`, `passwordHash`, `salt`,
/// `displayName`, `photoUrl`, `lastSignedInAt`, `createdAt`, `phoneNumber`, `disabled`,
/// `customAttributes`, `providerUserInfo`), GoTrue's `auth.users` and `auth.identities` rows as
/// JSON or as `psql \copy ... csv header` writes them.
///
/// The output holds password hashes: whoever writes it to a file makes that file 0600.
public enum UserExport {
    /// The default Firebase project's accounts. Password hashes are the engine's bcrypt strings
    /// (import them with hash algorithm `BCRYPT`); a hash imported with another algorithm is left
    /// out, as its parameters are not the file's.
    /// - Parameter services: The simulated world.
    /// - Returns: The file.
    /// - Throws: ``UserSeedError`` when the storage fails.
    public static func firebase(_ services: SimulatedServices) throws(UserSeedError) -> [UInt8] {
        let project = services.firebase.configuration.projectID
        let users = try fetch(services) { rows in
            var all: [FirebaseUserRecord] = []
            while true {
                let page = rows.firebase(project: project).users(after: all.last?.localId, limit: 1000)
                all += page
                if page.count < 1000 { return all }
            }
        }
        let rows = users.map { user -> JSONValue in
            var row: JSONObject = [
                "localId": .string(user.localId), "emailVerified": .bool(user.emailVerified), "disabled": .bool(user.disabled),
                "createdAt": .string(String(user.createdAt)),
            ]
            row["email"] = user.email.map(JSONValue.string)
            row["displayName"] = user.displayName.map(JSONValue.string)
            row["photoUrl"] = user.photoUrl.map(JSONValue.string)
            row["phoneNumber"] = user.phoneNumber.map(JSONValue.string)
            row["customAttributes"] = user.customAttributes.map(JSONValue.string)
            if user.lastLoginAt > 0 { row["lastSignedInAt"] = .string(String(user.lastLoginAt)) }
            if let (hash, salt) = user.exportedPasswordHash {
                row["passwordHash"] = .string(hash)
                row["salt"] = .string(salt)
            }
            let federated = user.providers.filter { $0.providerId != "password" && $0.providerId != "phone" }
            row["providerUserInfo"] = .array(
                federated.map { provider in
                    var info: JSONObject = ["providerId": .string(provider.providerId), "rawId": .string(provider.rawId)]
                    info["email"] = provider.email.map(JSONValue.string)
                    info["displayName"] = provider.displayName.map(JSONValue.string)
                    info["photoUrl"] = provider.photoUrl.map(JSONValue.string)
                    return .object(info)
                })
            return .object(row)
        }
        return JSONValue.object(["users": .array(rows)]).serialized()
    }

    /// The Supabase-like engine's users as `{"users": [...], "identities": [...]}`, each row as
    /// `row_to_json` gives it.
    /// - Parameter services: The simulated world.
    /// - Returns: The file.
    /// - Throws: ``UserSeedError`` when the storage fails.
    public static func supabaseJSON(_ services: SimulatedServices) throws(UserSeedError) -> [UInt8] {
        let (users, identities) = try supabaseRows(services)
        let file: JSONObject = ["users": .array(users.map(JSONValue.object)), "identities": .array(identities.map(JSONValue.object))]
        return JSONValue.object(file).serialized()
    }

    /// The Supabase-like engine's users as two CSV files, `auth.users` and `auth.identities`.
    /// - Parameter services: The simulated world.
    /// - Returns: The two files.
    /// - Throws: ``UserSeedError`` when the storage fails.
    public static func supabaseCSV(_ services: SimulatedServices) throws(UserSeedError) -> (users: String, identities: String) {
        let (users, identities) = try supabaseRows(services)
        let userColumns = SupabaseSeedRecords.userColumns
        let identityColumns = SupabaseSeedRecords.identityColumns
        let userRows = users.map { SupabaseSeedRecords.csvFields($0, columns: userColumns) }
        let identityRows = identities.map { SupabaseSeedRecords.csvFields($0, columns: identityColumns) }
        return (PsqlCSV.write(columns: userColumns, rows: userRows), PsqlCSV.write(columns: identityColumns, rows: identityRows))
    }

    private static func supabaseRows(_ services: SimulatedServices) throws(UserSeedError) -> ([JSONObject], [JSONObject]) {
        let users = try fetch(services) { rows in
            let count = rows.supabase.userCount()
            return stride(from: 0, to: count, by: 1000).flatMap { rows.supabase.users(offset: $0, limit: 1000) }.reversed()
        }
        let identities = users.flatMap { user in user.identities.map { SupabaseSeedRecords.identityRow($0, userID: user.id) } }
        return (users.map(SupabaseSeedRecords.userRow), identities)
    }

    private static func fetch<T>(_ services: SimulatedServices, _ body: (any SimulationRows) -> T) throws(UserSeedError) -> T {
        do { return try services.storage.fetch(body) } catch { throw UserSeedError("the storage failed: \(error.description)") }
    }
}
