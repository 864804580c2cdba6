import AuthSimulation
import Foundation
import Testing

/// The passkey rows of Firebase projects, on every adapter: each project has its own, a
/// challenge is keyed by itself and spent once, and a deleted account takes its passkeys along.
@Suite("Storage contract: Firebase passkeys")
struct FirebasePasskeyRowsContractTests {
    private func passkey(of localId: String, credential: UInt8) -> PasskeyRecord {
        PasskeyRecord(
            id: UUID().uuidString.lowercased(), userID: localId, credentialID: Array(repeating: credential, count: 16), publicKey: [1],
            attestationType: "none", aaguid: [], signCount: 0, transports: [], backupEligible: false, backedUp: false,
            friendlyName: "Unnamed Passkey", createdAt: Fixture.at(1), updatedAt: Fixture.at(1), lastUsedAt: nil)
    }

    @Test(
        "projects keep their own passkeys and challenges; deleting an account or wiping a project drops its rows",
        arguments: StorageAdapter.allCases)
    func perProject(adapter: StorageAdapter) throws {
        let sut = try adapter.make()
        let ada = passkey(of: "ada", credential: 1)
        let challenge = WebAuthnChallengeRecord(
            id: "Y2hhbGxlbmdl", userID: nil, kind: .authentication, challenge: Array("challenge".utf8), createdAt: Fixture.at(0),
            expiresAt: Fixture.at(300))
        let inserted = try sut.write { rows in
            rows.firebase(project: "one").save(Fixture.firebaseUser("ada"))
            rows.firebase(project: "two").save(Fixture.firebaseUser("ada"))
            rows.firebase(project: "one").passkeys.insert(challenge)
            return [rows.firebase(project: "one").passkeys.insert(ada), rows.firebase(project: "two").passkeys.insert(ada)]
        }
        #expect(inserted == [true, true], "a credential ID is unique within a project")
        #expect(
            try sut.write {
                $0.firebase(project: "two").passkeys.consumeChallenge(
                    id: challenge.id, kind: .authentication,
                    userID: nil)
            }
                == nil)
        #expect(
            try sut.write {
                $0.firebase(project: "one").passkeys.consumeChallenge(
                    id: challenge.id, kind: .authentication,
                    userID: nil)
            }
                == challenge)
        try sut.write { $0.firebase(project: "one").deleteUser("ada") }
        #expect(try sut.read { $0.firebase(project: "one").passkeys.passkeys(userID: "ada") }.isEmpty)
        #expect(try sut.read { $0.firebase(project: "two").passkeys.passkeys(userID: "ada") } == [ada])
        try sut.write { $0.firebase(project: "two").wipeAccounts() }
        #expect(try sut.read { $0.firebase(project: "two").passkeys.passkeyCount() } == 0)
    }
}
