import AuthJWT
import AuthSimulation
import AuthSimulationSQLite
import AuthTestSupport
import Foundation
import Logging
import Testing

/// The adapters of ``SimulationStorage`` the contract suites run against.
enum StorageAdapter: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case inMemory
    case sqlite
    /// The SQLite adapter with reads on the writer's connection (a CLI command's).
    case sqliteOneConnection

    var testDescription: String { rawValue }

    /// A fresh, empty storage (a new database file in a temporary directory for SQLite).
    func make() throws -> StorageUnderTest {
        switch self {
        case .inMemory: return StorageUnderTest(storage: InMemorySimulationStorage(), directory: nil)
        case .sqlite, .sqliteOneConnection:
            let directory = TemporaryDirectory()
            let storage = try SQLiteSimulationStorage.open(
                path: directory.url.appendingPathComponent("auth.sqlite3").path, logger: .quiet, oneConnection: self == .sqliteOneConnection
            )
            return StorageUnderTest(storage: storage, directory: directory)
        }
    }
}

/// A storage and what keeps its files alive.
struct StorageUnderTest: Sendable {
    let storage: any SimulationStorage
    let directory: TemporaryDirectory?

    /// Runs a step that cannot refuse.
    @discardableResult
    func write<Result>(_ body: (any SimulationRows) -> Result) throws -> Result { try storage.update(body) }

    /// Runs a read.
    func read<Result>(_ body: (any SimulationRows) -> Result) throws -> Result { try storage.fetch(body) }
}

extension Logger {
    /// A logger that drops everything below critical.
    static var quiet: Logger {
        var logger = Logger(label: "storage-tests")
        logger.logLevel = .critical
        return logger
    }
}

/// Records with whole-microsecond times (what the SQLite adapter keeps), for comparisons.
enum Fixture {
    static let t0 = Date(timeIntervalSince1970: 1_790_000_000.123456)

    static func at(_ seconds: Double) -> Date {
        Date(timeIntervalSince1970: (t0.timeIntervalSince1970 * 1e6 + seconds * 1e6).rounded() / 1e6)
    }

    static func identity(_ provider: String, _ subject: String, email: String?, at seconds: Double) -> SupabaseIdentityRecord {
        var data: JSONObject = ["sub": .string(subject), "email_verified": .bool(true)]
        if let email { data["email"] = .string(email) }
        return SupabaseIdentityRecord(
            identityID: UUID().uuidString.lowercased(), provider: provider, providerID: subject, identityData: data, email: email,
            createdAt: at(seconds), updatedAt: at(seconds), lastSignInAt: at(seconds))
    }

    static func user(
        _ id: String = UUID().uuidString.lowercased(), email: String = "", identities: [SupabaseIdentityRecord] = [], at seconds: Double = 0
    ) -> SupabaseUserRecord {
        SupabaseUserRecord(
            id: id, email: email, emailConfirmedAt: nil, userMetadata: ["name": .string("Ada")], identities: identities,
            createdAt: at(seconds), updatedAt: at(seconds), lastSignInAt: nil, isAnonymous: email.isEmpty && identities.isEmpty)
    }

    static func session(_ id: String = UUID().uuidString.lowercased(), of userID: String, at seconds: Double, token: String)
        -> SupabaseSessionRecord
    {
        SupabaseSessionRecord(
            id: id, userID: userID, createdAt: at(seconds), amrMethod: "oauth",
            amrTimestamp: Int64(at(seconds).timeIntervalSince1970), activeRefreshToken: token)
    }

    static func firebaseUser(_ localId: String, email: String? = nil, providers: [FirebaseProviderRecord] = []) -> FirebaseUserRecord {
        FirebaseUserRecord(
            localId: localId, email: email, emailVerified: email != nil, displayName: "Ada", photoUrl: nil, disabled: false,
            providers: providers, emailLinkSignin: false, hasPassword: false, validSince: 1_790_000_000, createdAt: 1_790_000_000_000,
            lastLoginAt: 1_790_000_000_000, customAttributes: #"{"role":"admin"}"#)
    }
}
