import AuthSimulation
import Foundation
import Testing

/// The storage contract for what Firebase passwords added to a project's rows (the bcrypt hash,
/// phone numbers, the new address of an email change code, the project's settings), run against
/// every adapter.
@Suite("Storage contract: Firebase passwords and settings")
struct FirebasePasswordRowsContractTests {
    @Test("a password hash, its time and a phone number read back; the phone lookup follows them", arguments: StorageAdapter.allCases)
    func passwordAndPhone(adapter: StorageAdapter) throws {
        let sut = try adapter.make()
        var user = Fixture.firebaseUser("uid-1", email: "ada@example.com")
        user.passwordHash = "$2a$04$abcdefghijklmnopqrstuu5UeEHyJ7SeFE5SuC0yNW3u6xNFqmCkC"
        user.hasPassword = true
        user.passwordUpdatedAt = 1_790_000_000_123
        user.phoneNumber = "+15555550100"
        user.lastLoginAt = 0
        try sut.write { $0.firebase(project: "a").save(user) }
        try sut.read { rows in
            #expect(rows.firebase(project: "a").user("uid-1") == user)
            #expect(rows.firebase(project: "a").localId(phoneNumber: "+15555550100") == "uid-1")
            #expect(rows.firebase(project: "b").localId(phoneNumber: "+15555550100") == nil)
        }
        user.phoneNumber = nil
        user.passwordHash = nil
        try sut.write { $0.firebase(project: "a").save(user) }
        try sut.read { rows in
            #expect(rows.firebase(project: "a").user("uid-1")?.passwordHash == nil)
            #expect(rows.firebase(project: "a").localId(phoneNumber: "+15555550100") == nil)
        }
    }

    @Test("an email change code keeps its new address", arguments: StorageAdapter.allCases)
    func changeCode(adapter: StorageAdapter) throws {
        let sut = try adapter.make()
        let record = FirebaseOobRecord(
            email: "ada@example.com", requestType: "VERIFY_AND_CHANGE_EMAIL", createdAt: Fixture.at(5),
            newEmail: "lovelace@example.com")
        try sut.write { $0.firebase(project: "a").insertOobCode("c-1", record) }
        try sut.read { rows in
            #expect(rows.firebase(project: "a").oobCode("c-1") == record)
            #expect(rows.firebase(project: "a").oobCodes().first?.record.newEmail == "lovelace@example.com")
        }
    }

    @Test(
        "settings and provider configs: per project, kept by a wipe of the accounts, forgotten by a reset",
        arguments: StorageAdapter.allCases)
    func settings(adapter: StorageAdapter) throws {
        let sut = try adapter.make()
        var config = FirebaseProjectConfig()
        config.enableImprovedEmailPrivacy = false
        config.passwordPolicy.enforcementState = "ENFORCE"
        config.passwordPolicy.minPasswordLength = 10
        var providers = FirebaseIdpConfigs()
        providers.oidc["oidc.corp"] = .object(["clientId": .string("CLIENT"), "issuer": .string("https://idp.example.com")])
        config.idpConfigs = providers
        try sut.read { rows in #expect(rows.firebase(project: "a").projectConfig() == nil) }
        try sut.write { $0.firebase(project: "a").setProjectConfig(config) }
        try sut.write { $0.firebase(project: "a").wipeAccounts() }
        try sut.read { rows in
            #expect(rows.firebase(project: "a").projectConfig() == config)
            #expect(rows.firebase(project: "b").projectConfig() == nil)
        }
        try sut.write { $0.firebase(project: "a").deleteAll() }
        try sut.read { rows in #expect(rows.firebase(project: "a").projectConfig() == nil) }
    }
}
