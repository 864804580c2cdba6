import AuthData
import AuthJWT
import Foundation

/// Users loaded from files into the simulated services: Firebase's `auth:export` JSON, or
/// GoTrue's `auth.users` and `auth.identities` rows (JSON, or CSV as `psql \copy` writes them),
/// with ids, providers, claims and password hashes kept (`login users import`, `login serve
/// --seed`, a test that starts from a known world).
///
/// Loading is atomic: every row of every file is checked, against the others and against the
/// services, before the first is written, in one storage step; a refused row refuses the whole
/// seed with the row's number, and nothing changes.
///
/// ```swift
/// let seed = try UserSeed.read(files: [("users.json", bytes)], format: nil,
///                              firebaseHashOptions: ["hashAlgorithm": .string("BCRYPT")])
/// let summary = try await seed.load(into: services)
/// ```
public struct UserSeed: Sendable, Hashable {
    var firebase: [FirebaseSeedFile] = []
    var supabaseUsers: [GoTrueRow] = []
    var supabaseIdentities: [GoTrueRow] = []

    /// The largest file read.
    public static let maxFileBytes = 64 << 20

    /// Reads files.
    /// - Parameters:
    ///   - files: Each file's name (for errors) and bytes.
    ///   - format: The format of every file, or `nil` to tell each file's from its content.
    ///   - firebaseHashOptions: `auth:import`'s hash options by their request names
    ///     (`hashAlgorithm`, `signerKey` and `saltSeparator` as base64, `rounds`, `memoryCost`, …),
    ///     over those at a Firebase file's top level.
    /// - Returns: The seed, not loaded yet.
    /// - Throws: ``UserSeedError`` naming the file and row that cannot be read.
    public static func read(
        files: [(name: String, bytes: [UInt8])], format: UserSeedFormat?, firebaseHashOptions: JSONObject = [:]
    ) throws(UserSeedError) -> UserSeed {
        var seed = UserSeed()
        for (name, bytes) in files {
            guard bytes.count <= maxFileBytes else { throw UserSeedError("the file is larger than 64 MiB", file: name) }
            switch format ?? UserSeedFormat.detect(bytes) {
            case .firebase:
                seed.firebase.append(try FirebaseSeedFile(try object(bytes, name), name: name, hashOptions: firebaseHashOptions))
            case .supabase:
                let object = try object(bytes, name)
                guard object["users"] != nil || object["identities"] != nil else {
                    throw UserSeedError("the file has neither a \"users\" nor an \"identities\" array", file: name)
                }
                seed.supabaseUsers += try rows(object["users"], name)
                seed.supabaseIdentities += try rows(object["identities"], name)
            case .supabaseCSV:
                let table: PsqlCSV
                do { table = try PsqlCSV(parsing: bytes) } catch { throw UserSeedError(error.message, file: name, row: error.row) }
                let rows = table.rows.enumerated().map { index, fields in
                    var values = JSONObject(capacity: fields.count)
                    for (column, field) in zip(table.columns, fields) { values[column] = field.map(JSONValue.string) ?? .null }
                    return GoTrueRow(values: values, file: name, number: index + 1)
                }
                if table.columns.contains("encrypted_password") {
                    seed.supabaseUsers += rows
                } else if table.columns.contains("identity_data") {
                    seed.supabaseIdentities += rows
                } else {
                    throw UserSeedError(
                        "the CSV header names neither auth.users (encrypted_password) nor auth.identities (identity_data)", file: name)
                }
            }
        }
        return seed
    }

    /// Checks every row as a load would, without the services: the rows' own fields and
    /// duplicates inside the files (the fuzz entry's way in).
    /// - Parameter now: For rows without a creation time.
    /// - Throws: ``UserSeedError`` for the first row refused.
    package func validate(now: Date) throws(UserSeedError) {
        _ = try SupabaseSeedRecords.records(users: supabaseUsers, identities: supabaseIdentities, now: now)
        for file in firebase { _ = try file.users() }
    }

    /// How many users a load wrote.
    public struct Summary: Sendable, Hashable {
        /// Users of the Supabase-like engine.
        public var supabaseUsers = 0
        /// Accounts of the default Firebase project.
        public var firebaseUsers = 0
    }

    /// Loads the users into the services, all or none.
    /// - Parameter services: The simulated world (the default Firebase project takes the Firebase rows).
    /// - Returns: How many users were written.
    /// - Throws: ``UserSeedError``: the first row refused (a conflict with a user already there
    ///   included), or the storage's failure; nothing was written then.
    @discardableResult
    public func load(into services: SimulatedServices) async throws(UserSeedError) -> Summary {
        let now = services.clock.now()
        let supabase = try SupabaseSeedRecords.records(users: supabaseUsers, identities: supabaseIdentities, now: now)
        var firebase: [(FirebaseSeedFile, [(row: Int, user: FirebaseImportedUser)])] = []
        for file in self.firebase { firebase.append((file, try file.users())) }
        let keyed = supabaseUsers.map { (($0.values["id"]?.stringValue ?? "").lowercased(), $0.error("")) }
        let places = Dictionary(keyed) { first, _ in first }
        var subjects = ProviderSubjects()
        for user in supabase {
            for identity in user.identities {
                subjects.add(
                    provider: identity.provider, subject: identity.providerID, email: identity.email,
                    place: places[user.id] ?? UserSeedError(""))
            }
        }
        for (file, users) in firebase {
            for (row, user) in users {
                for provider in user.providers {
                    subjects.add(
                        provider: provider.providerId, subject: provider.rawId, email: provider.email ?? user.email,
                        place: UserSeedError("", file: file.name, row: row))
                }
            }
        }
        let configuration = services.firebase.configuration
        try await services.storage.transaction(storageFailure: { UserSeedError("the storage failed: \($0.description)") }) {
            (rows: any SimulationRows) throws(UserSeedError) -> Void in
            let store = FirebaseStore(rows: rows.firebase(project: configuration.projectID), configuration: configuration)
            for user in supabase { try Self.check(user, in: rows.supabase, place: places[user.id]) }
            for (file, users) in firebase {
                for (row, user) in users {
                    do throws(FirebaseImportError) { try store.checkSeed(user) } catch {
                        throw UserSeedError(error.message, file: file.name, row: row)
                    }
                }
            }
            try subjects.check(rows)
            for user in supabase { rows.supabase.save(user) }
            for (file, users) in firebase {
                for (row, user) in users {
                    do throws(FirebaseImportError) {
                        try store.importUser(user, allowOverwrite: false, sanityCheck: true, now: now)
                    } catch {
                        throw UserSeedError(error.message, file: file.name, row: row)
                    }
                }
            }
            subjects.write(rows)
        }
        return Summary(supabaseUsers: supabase.count, firebaseUsers: firebase.reduce(0) { $0 + $1.1.count })
    }

    /// Loads the users when the services hold none yet (a state directory kept from an earlier
    /// run keeps its users; a reset loads the seed again).
    /// - Parameter services: The simulated world.
    /// - Returns: Whether the seed was loaded.
    /// - Throws: ``UserSeedError``, as ``load(into:)``.
    public func loadIfEmpty(into services: SimulatedServices) async throws(UserSeedError) -> Bool {
        let project = services.firebase.configuration.projectID
        let count: Int
        do {
            count = try services.storage.fetch { (rows: any SimulationRows) in
                rows.supabase.userCount() + rows.firebase(project: project).userCount()
            }
        } catch {
            throw UserSeedError("the storage failed: \(error.description)")
        }
        guard count == 0 else { return false }
        try await load(into: services)
        return true
    }

    /// Refuses a user that conflicts with one already there.
    private static func check(_ user: SupabaseUserRecord, in rows: any SupabaseRows, place: UserSeedError?) throws(UserSeedError) {
        func refuse(_ message: String) -> UserSeedError {
            var error = place ?? UserSeedError("")
            error.message = message
            return error
        }
        guard rows.user(user.id) == nil else { throw refuse("id \(user.id) belongs to an existing user") }
        if !user.email.isEmpty, rows.userID(email: user.email) != nil { throw refuse("email belongs to an existing user") }
        for identity in user.identities where rows.userID(provider: identity.provider, subject: identity.providerID) != nil {
            throw refuse("the \(identity.provider) identity belongs to an existing user")
        }
    }

    private static func object(_ bytes: [UInt8], _ name: String) throws(UserSeedError) -> JSONObject {
        guard let object = try? StrictJSONParser.parseObject(bytes) else {
            throw UserSeedError("the file is not a JSON object", file: name)
        }
        return object
    }

    private static func rows(_ value: JSONValue?, _ name: String) throws(UserSeedError) -> [GoTrueRow] {
        guard let value else { return [] }
        guard let values = value.arrayValue, values.count <= PsqlCSV.maxRows else {
            throw UserSeedError("users and identities must be arrays of at most \(PsqlCSV.maxRows) rows", file: name)
        }
        var rows: [GoTrueRow] = []
        for (index, value) in values.enumerated() {
            guard let object = value.objectValue else { throw UserSeedError("a row must be a JSON object", file: name, row: index + 1) }
            rows.append(GoTrueRow(values: object, file: name, number: index + 1))
        }
        return rows
    }
}
