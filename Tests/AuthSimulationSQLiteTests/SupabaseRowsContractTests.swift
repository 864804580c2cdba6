import AuthSimulation
import Foundation
import Testing

/// The storage contract for the Supabase rows, run against every adapter: what the rules read back
/// is what they saved, and the lookups by email, identity and code follow the saved users.
@Suite("Storage contract: Supabase rows")
struct SupabaseRowsContractTests {
    @Test("a saved user reads back whole: identities in order, codes, times to the microsecond", arguments: StorageAdapter.allCases)
    func roundTrip(adapter: StorageAdapter) throws {
        let sut = try adapter.make()
        var user = Fixture.user(
            email: "ada@example.com",
            identities: [
                Fixture.identity("apple", "001.apple", email: "ada@example.com", at: 1),
                Fixture.identity("google", "1234", email: "ada@gmail.com", at: 2),
            ])
        user.emailConfirmedAt = Fixture.at(3)
        user.bannedUntil = Fixture.at(86_400)
        user.otp = SupabaseOTPRecord(tokenHash: "hash-1", kind: "magiclink", sentAt: Fixture.at(4), wrongAttempts: 2)
        user.reauthentication = SupabaseOTPRecord(tokenHash: "hash-2", kind: "reauthentication", sentAt: Fixture.at(5), wrongAttempts: 0)
        user.recoverySentAt = Fixture.at(4)
        user.customAppMetadata = ["plan": .string("pro")]
        user.encryptedPassword = "$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW"
        user.invitedAt = Fixture.at(2)
        try sut.write { $0.supabase.save(user) }
        #expect(try sut.read { $0.supabase.user(user.id) } == user)

        user.identities.removeFirst()
        user.identities.append(Fixture.identity("email", user.id, email: "ada@example.com", at: 6))
        user.otp = nil
        user.userMetadata["name"] = .string("Ada Lovelace")
        user.encryptedPassword = nil
        try sut.write { $0.supabase.save(user) }
        #expect(try sut.read { $0.supabase.user(user.id) } == user)
    }

    @Test(
        "a role, a phone number and its confirmation read back; the number finds its user (GoTrue internal/models/user.go)",
        arguments: StorageAdapter.allCases)
    func phoneAndRole(adapter: StorageAdapter) throws {
        let sut = try adapter.make()
        var user = Fixture.user(email: "ada@example.com", identities: [])
        user.role = "editor"
        user.phone = "15550100001"
        user.phoneConfirmedAt = Fixture.at(7)
        let plain = Fixture.user(email: "grace@example.com", identities: [], at: 2)
        try sut.write { rows in
            rows.supabase.save(user)
            rows.supabase.save(plain)
        }
        #expect(try sut.read { $0.supabase.user(user.id) } == user)
        #expect(try sut.read { $0.supabase.user(plain.id)?.role } == nil, "the default group reads back as nil")
        #expect(try sut.read { $0.supabase.userID(phone: "15550100001") } == user.id)
        #expect(try sut.read { $0.supabase.userID(phone: "15550100002") } == nil)
        user.phone = "15550100002"
        user.role = nil
        try sut.write { $0.supabase.save(user) }
        #expect(try sut.read { $0.supabase.userID(phone: "15550100001") } == nil)
        #expect(try sut.read { $0.supabase.user(user.id) } == user)
    }

    @Test("the lookups by email, identity, identity email and code follow the saved user", arguments: StorageAdapter.allCases)
    func indexes(adapter: StorageAdapter) throws {
        let sut = try adapter.make()
        var user = Fixture.user(
            email: "ada@example.com", identities: [Fixture.identity("apple", "001.apple", email: "Ada@Example.com", at: 1)])
        user.otp = SupabaseOTPRecord(tokenHash: "code-hash", kind: "confirmation", sentAt: Fixture.at(2), wrongAttempts: 0)
        user.reauthentication = SupabaseOTPRecord(
            tokenHash: "reauth-hash", kind: "reauthentication", sentAt: Fixture.at(2), wrongAttempts: 0)
        let other = Fixture.user(identities: [Fixture.identity("google", "42", email: "ada@example.com", at: 3)], at: 3)
        try sut.write { rows in
            rows.supabase.save(user)
            rows.supabase.save(other)
        }
        try sut.read { rows in
            #expect(rows.supabase.userID(email: "ada@example.com") == user.id)
            #expect(rows.supabase.userID(email: "") == nil)
            #expect(rows.supabase.userID(provider: "apple", subject: "001.apple") == user.id)
            #expect(rows.supabase.userID(provider: "google", subject: "001.apple") == nil)
            #expect(Set(rows.supabase.userIDs(identityEmail: "ada@example.com")) == [user.id, other.id])
            #expect(rows.supabase.userID(emailCodeHash: "code-hash") == user.id)
            #expect(rows.supabase.userID(emailCodeHash: "reauth-hash") == nil, "the reauthentication code is not an email link")
        }
        user.email = "lovelace@example.com"
        user.identities = []
        user.otp = nil
        try sut.write { $0.supabase.save(user) }
        try sut.read { rows in
            #expect(rows.supabase.userID(email: "ada@example.com") == nil)
            #expect(rows.supabase.userID(email: "lovelace@example.com") == user.id)
            #expect(rows.supabase.userID(provider: "apple", subject: "001.apple") == nil)
            #expect(rows.supabase.userIDs(identityEmail: "ada@example.com") == [other.id])
            #expect(rows.supabase.userID(emailCodeHash: "code-hash") == nil)
        }
    }

    @Test(
        """
        a user saved twice in one step reads back as saved last; the step's lookups see the change, and a new user may take \
        the address it freed
        """, arguments: StorageAdapter.allCases)
    func savedTwiceInOneStep(adapter: StorageAdapter) throws {
        let sut = try adapter.make()
        let ada = Fixture.user(email: "ada@example.com")
        let newcomer = Fixture.user(email: "ada@example.com", at: 2)
        try sut.write { $0.supabase.save(ada) }
        try sut.write { rows in
            var changed = ada
            changed.email = "lovelace@example.com"
            rows.supabase.save(changed)
            changed.lastSignInAt = Fixture.at(5)
            changed.userMetadata = ["name": .string("Ada Lovelace")]
            rows.supabase.save(changed)
            #expect(rows.supabase.user(ada.id) == changed)
            #expect(rows.supabase.userID(email: "lovelace@example.com") == ada.id)
            #expect(rows.supabase.userID(email: "ada@example.com") == nil)
            rows.supabase.save(newcomer)
        }
        try sut.read { rows in
            let stored = rows.supabase.user(ada.id)
            #expect(stored?.email == "lovelace@example.com")
            #expect(stored?.lastSignInAt == Fixture.at(5))
            #expect(stored?.userMetadata == ["name": .string("Ada Lovelace")])
            #expect(rows.supabase.userID(email: "ada@example.com") == newcomer.id)
        }
        // Saved and deleted in one step: nothing of it is written.
        try sut.write { rows in
            var changed = newcomer
            changed.lastSignInAt = Fixture.at(9)
            rows.supabase.save(changed)
            rows.supabase.deleteUser(newcomer.id)
        }
        try sut.read { rows in #expect(rows.supabase.user(newcomer.id) == nil) }
    }

    @Test("sessions: oldest first, the newest token is the active one, revocation and deletion follow", arguments: StorageAdapter.allCases)
    func sessions(adapter: StorageAdapter) throws {
        let sut = try adapter.make()
        let user = Fixture.user()
        let first = Fixture.session(of: user.id, at: 1, token: "token-aaaaaaa1")
        let second = Fixture.session(of: user.id, at: 2, token: "token-bbbbbbb1")
        try sut.write { rows in
            rows.supabase.save(user)
            rows.supabase.lastStamp = Fixture.at(1)
            for session in [first, second] {
                rows.supabase.insert(session)
                rows.supabase.insertRefreshToken(
                    session.activeRefreshToken, SupabaseRefreshTokenRecord(sessionID: session.id, parent: nil, revokedAt: nil))
            }
            rows.supabase.revokeRefreshToken("token-aaaaaaa1", at: Fixture.at(3))
            rows.supabase.insertRefreshToken(
                "token-aaaaaaa2", SupabaseRefreshTokenRecord(sessionID: first.id, parent: "token-aaaaaaa1", revokedAt: nil))
        }
        try sut.read { rows in
            #expect(rows.supabase.sessionIDs(userID: user.id) == [first.id, second.id])
            #expect(rows.supabase.sessionIDs(userID: user.id, beyondNewest: 0) == [first.id, second.id])
            #expect(rows.supabase.sessionIDs(userID: user.id, beyondNewest: 1) == [first.id], "the oldest is beyond the newest one")
            #expect(rows.supabase.sessionIDs(userID: user.id, beyondNewest: 2) == [])
            #expect(rows.supabase.sessionIDs(userID: "another-user", beyondNewest: 0) == [])
            #expect(rows.supabase.session(first.id) == Fixture.session(first.id, of: user.id, at: 1, token: "token-aaaaaaa2"))
            #expect(rows.supabase.refreshTokens(sessionID: first.id) == ["token-aaaaaaa1", "token-aaaaaaa2"])
            #expect(
                rows.supabase.refreshToken("token-aaaaaaa1")
                    == SupabaseRefreshTokenRecord(sessionID: first.id, parent: nil, revokedAt: Fixture.at(3)))
            #expect(rows.supabase.refreshToken("token-aaaaaaa2")?.parent == "token-aaaaaaa1")
        }
        try sut.write { $0.supabase.revokeRefreshTokens(sessionID: first.id, at: Fixture.at(9)) }
        try sut.read { rows in
            #expect(rows.supabase.refreshToken("token-aaaaaaa1")?.revokedAt == Fixture.at(3), "a revoked token keeps its time")
            #expect(rows.supabase.refreshToken("token-aaaaaaa2")?.revokedAt == Fixture.at(9))
            #expect(rows.supabase.refreshToken("token-bbbbbbb1")?.revokedAt == nil, "another session's token is untouched")
        }
        try sut.write { $0.supabase.deleteSession(first.id) }
        try sut.read { rows in
            #expect(rows.supabase.session(first.id) == nil)
            #expect(rows.supabase.refreshToken("token-aaaaaaa2") == nil)
            #expect(rows.supabase.sessionIDs(userID: user.id) == [second.id])
        }
        try sut.write { $0.supabase.deleteUser(user.id) }
        try sut.read { rows in
            #expect(rows.supabase.user(user.id) == nil)
            #expect(rows.supabase.session(second.id) == nil, "a user's sessions go with it")
            #expect(rows.supabase.refreshToken("token-bbbbbbb1") == nil)
        }
    }

    @Test("flow states by id and by auth code; expired ones deleted at the boundary", arguments: StorageAdapter.allCases)
    func flowStates(adapter: StorageAdapter) throws {
        let sut = try adapter.make()
        let old = SupabaseFlowStateRecord(id: "f-old", provider: "apple", referrer: "http://localhost", createdAt: Fixture.at(0))
        var done = SupabaseFlowStateRecord(
            id: "f-new", provider: "google", codeChallenge: String(repeating: "c", count: 43), codeChallengeMethod: "s256",
            referrer: "http://localhost/app", linkingTargetID: "user-1", createdAt: Fixture.at(10))
        done.authCode = "auth-code"
        done.authCodeIssuedAt = Fixture.at(11)
        done.userID = "user-1"
        done.providerAccessToken = "provider-access"
        done.providerRefreshToken = "provider-refresh"
        try sut.write { rows in
            rows.supabase.save(old)
            rows.supabase.save(done)
        }
        try sut.read { rows in
            #expect(rows.supabase.flowState("f-old") == old)
            #expect(rows.supabase.flowState(authCode: "auth-code") == done)
            #expect(rows.supabase.flowState(authCode: "other") == nil)
            #expect(rows.supabase.flowState(userID: "user-1", authenticationMethod: "oauth") == done)
            #expect(rows.supabase.flowState(userID: "user-1", authenticationMethod: "magiclink") == nil)
        }
        try sut.write { $0.supabase.deleteFlowStates(createdAtOrBefore: Fixture.at(0)) }
        try sut.read { rows in
            #expect(rows.supabase.flowState("f-old") == nil)
            #expect(rows.supabase.flowState("f-new") != nil)
        }
        try sut.write { $0.supabase.deleteFlowState("f-new") }
        #expect(try sut.read { $0.supabase.flowState("f-new") } == nil)
    }

    @Test("users are listed newest first, paged; deleteAll forgets them and keeps the stamp", arguments: StorageAdapter.allCases)
    func listing(adapter: StorageAdapter) throws {
        let sut = try adapter.make()
        let users = (0..<5).map { Fixture.user(at: Double($0)) }
        try sut.write { rows in
            for user in users.shuffled() { rows.supabase.save(user) }
            rows.supabase.lastStamp = Fixture.at(99)
        }
        try sut.read { rows in
            #expect(rows.supabase.userCount() == 5)
            #expect(rows.supabase.users(offset: 1, limit: 2).map(\.id) == [users[3].id, users[2].id])
            #expect(rows.supabase.users(offset: 4, limit: 10).map(\.id) == [users[0].id])
        }
        try sut.write { $0.supabase.deleteAll() }
        try sut.read { rows in
            #expect(rows.supabase.userCount() == 0)
            #expect(rows.supabase.lastStamp == Fixture.at(99))
        }
    }

    @Test("what a step wrote before it threw is kept", arguments: StorageAdapter.allCases)
    func keptOnThrow(adapter: StorageAdapter) throws {
        struct Refusal: Error {}
        let sut = try adapter.make()
        let user = Fixture.user()
        #expect(throws: StorageStepFailure<Refusal>.self) {
            try sut.storage.write { (rows: any SimulationRows) throws(Refusal) in
                rows.supabase.save(user)
                throw Refusal()
            }
        }
        #expect(try sut.read { $0.supabase.user(user.id) } == user)
    }
}
