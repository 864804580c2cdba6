import AuthSimulation
import Foundation
import Testing

/// The storage contract for GoTrue's passkey tables (migrations/20260302000000_add_passkeys.up.sql,
/// internal/models/webauthn_credential.go and webauthn_challenge.go), run against every adapter.
@Suite("Storage contract: Supabase passkeys")
struct PasskeyRowsContractTests {
    private func passkey(
        _ id: String = UUID().uuidString.lowercased(), of userID: String, credential: UInt8,
        at seconds: Double
    ) -> PasskeyRecord {
        PasskeyRecord(
            id: id, userID: userID, credentialID: Array(repeating: credential, count: 32), publicKey: [0xA5, 0x01, 0x02],
            attestationType: "packed", aaguid: Array(0..<16), signCount: 7, transports: ["internal", "hybrid"], backupEligible: true,
            backedUp: false, friendlyName: "Passkey", createdAt: Fixture.at(seconds), updatedAt: Fixture.at(seconds), lastUsedAt: nil)
    }

    @Test("a passkey reads back whole, a user's oldest first; a credential ID is stored once", arguments: StorageAdapter.allCases)
    func roundTrip(adapter: StorageAdapter) throws {
        let sut = try adapter.make()
        let ada = Fixture.user(email: "ada@example.com")
        let grace = Fixture.user(email: "grace@example.com")
        let first = passkey(of: ada.id, credential: 1, at: 1)
        let second = passkey(of: ada.id, credential: 2, at: 2)
        let inserted = try sut.write { rows in
            rows.supabase.save(ada)
            rows.supabase.save(grace)
            return [
                rows.supabase.passkeys.insert(second), rows.supabase.passkeys.insert(first),
                rows.supabase.passkeys.insert(passkey(of: grace.id, credential: 1, at: 3)),
            ]
        }
        #expect(inserted == [true, true, false], "webauthn_credentials_credential_id_key is unique across users")
        #expect(try sut.read { $0.supabase.passkeys.passkeys(userID: ada.id) } == [first, second])
        #expect(try sut.read { $0.supabase.passkeys.passkey(credentialID: first.credentialID) } == first)
        #expect(
            try sut.read { $0.supabase.passkeys.passkey(id: first.id, userID: grace.id) } == nil,
            "another user's passkey is not found")

        var used = first
        used.signCount = 8
        used.backedUp = true
        used.friendlyName = "Laptop"
        used.lastUsedAt = Fixture.at(4)
        used.updatedAt = Fixture.at(4)
        try sut.write { $0.supabase.passkeys.update(used) }
        #expect(try sut.read { $0.supabase.passkeys.passkey(id: first.id, userID: ada.id) } == used)

        try sut.write { $0.supabase.passkeys.deletePasskey(id: second.id) }
        #expect(try sut.read { $0.supabase.passkeys.passkeys(userID: ada.id) } == [used])
        try sut.write { $0.supabase.deleteUser(ada.id) }
        #expect(try sut.read { $0.supabase.passkeys.passkeyCount() } == 0, "on delete cascade")
    }

    @Test("a challenge is consumed once, only with its kind and user; expired ones are dropped", arguments: StorageAdapter.allCases)
    func challenges(adapter: StorageAdapter) throws {
        let sut = try adapter.make()
        let ada = Fixture.user(email: "ada@example.com")
        let registration = WebAuthnChallengeRecord(
            id: UUID().uuidString.lowercased(), userID: ada.id, kind: .registration, challenge: Array(0..<32),
            createdAt: Fixture.at(0), expiresAt: Fixture.at(300))
        let signIn = WebAuthnChallengeRecord(
            id: UUID().uuidString.lowercased(), userID: nil, kind: .authentication, challenge: Array(32..<64),
            createdAt: Fixture.at(10), expiresAt: Fixture.at(310))
        try sut.write { rows in
            rows.supabase.save(ada)
            rows.supabase.passkeys.insert(registration)
            rows.supabase.passkeys.insert(signIn)
        }
        #expect(try sut.write { $0.supabase.passkeys.consumeChallenge(id: registration.id, kind: .authentication, userID: ada.id) } == nil)
        #expect(try sut.write { $0.supabase.passkeys.consumeChallenge(id: registration.id, kind: .registration, userID: nil) } == nil)
        #expect(
            try sut.write {
                $0.supabase.passkeys.consumeChallenge(
                    id: registration.id, kind: .registration,
                    userID: ada.id)
            } == registration)
        #expect(try sut.write { $0.supabase.passkeys.consumeChallenge(id: registration.id, kind: .registration, userID: ada.id) } == nil)

        try sut.write { $0.supabase.passkeys.deleteChallenges(expiredAtOrBefore: Fixture.at(309)) }
        #expect(try sut.read { $0.supabase.passkeys.challengeCount() } == 1)
        try sut.write { $0.supabase.passkeys.deleteChallenges(expiredAtOrBefore: Fixture.at(310)) }
        #expect(try sut.read { $0.supabase.passkeys.challengeCount() } == 0)
    }

    @Test("deleting every user drops the challenges bound to none too", arguments: StorageAdapter.allCases)
    func deleteAll(adapter: StorageAdapter) throws {
        let sut = try adapter.make()
        let ada = Fixture.user(email: "ada@example.com")
        try sut.write { rows in
            rows.supabase.save(ada)
            _ = rows.supabase.passkeys.insert(passkey(of: ada.id, credential: 9, at: 1))
            rows.supabase.passkeys.insert(
                WebAuthnChallengeRecord(
                    id: UUID().uuidString.lowercased(), userID: nil, kind: .authentication, challenge: [1], createdAt: Fixture.at(0),
                    expiresAt: Fixture.at(300)))
        }
        try sut.write { $0.supabase.deleteAll() }
        #expect(try sut.read { [$0.supabase.passkeys.passkeyCount(), $0.supabase.passkeys.challengeCount()] } == [0, 0])
    }
}
