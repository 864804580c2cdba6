import AuthSimulation
import Foundation
import Testing

/// The storage contract for what the emulator's console reads and changes: users found by text as
/// sort keys, session times, refresh-token stamps, a person's Apple authorizations, mail pages.
@Suite("Storage contract: console reads")
struct ConsoleRowsContractTests {
    @Test(
        "Supabase: users found by id, email or identity email, newest first, counted in full; session times read back",
        arguments: StorageAdapter.allCases)
    func supabase(adapter: StorageAdapter) throws {
        let sut = try adapter.make()
        let ada = Fixture.user(email: "ada@example.com", at: 1)
        let grace = Fixture.user(identities: [Fixture.identity("google", "7", email: "Grace@Example.com", at: 2)], at: 2)
        let guest = Fixture.user(at: 3)
        var session = Fixture.session(of: ada.id, at: 4, token: "token-aaaaaaaa")
        try sut.write { rows in
            for user in [ada, grace, guest] { rows.supabase.save(user) }
            rows.supabase.insert(session)
            rows.supabase.insertRefreshToken(
                "token-aaaaaaaa", SupabaseRefreshTokenRecord(sessionID: session.id, parent: nil, revokedAt: nil))
        }
        session.refreshedAt = Fixture.at(5)
        session.notAfter = Fixture.at(6)
        try sut.write { $0.supabase.update(session) }
        try sut.read { rows in
            let all = rows.supabase.userKeys(matching: "", limit: 2)
            #expect(all.total == 3 && all.keys.map(\.id) == [guest.id, grace.id])
            #expect(all.keys.first?.createdAt == Fixture.at(3))
            #expect(rows.supabase.userKeys(matching: "example.com", limit: 10).keys.map(\.id) == [grace.id, ada.id])
            #expect(rows.supabase.userKeys(matching: "grace@", limit: 10).keys.map(\.id) == [grace.id])
            #expect(rows.supabase.userKeys(matching: String(guest.id.prefix(8)), limit: 10).keys.map(\.id) == [guest.id])
            #expect(rows.supabase.session(session.id) == session)
        }
    }

    @Test(
        "Firebase: accounts found by text; a refresh token's stamp; one account's tokens forgotten; the project forgotten",
        arguments: StorageAdapter.allCases)
    func firebase(adapter: StorageAdapter) throws {
        let sut = try adapter.make()
        var first = Fixture.firebaseUser("uidA", email: "ada@example.com")
        first.createdAt = 1_000
        var second = Fixture.firebaseUser(
            "uidB",
            providers: [
                FirebaseProviderRecord(providerId: "google.com", rawId: "9", email: "Bob@Example.com", displayName: nil, photoUrl: nil)
            ])
        second.createdAt = 2_000
        try sut.write { rows in
            let project = rows.firebase(project: "a")
            project.save(first)
            project.save(second)
            project.insertRefreshToken(
                "rt-1", FirebaseRefreshRecord(localId: "uidA", signInProvider: "anonymous", authTime: 1, issuedAt: 1))
            project.insertRefreshToken(
                "rt-2", FirebaseRefreshRecord(localId: "uidA", signInProvider: "anonymous", authTime: 1, issuedAt: 2))
            project.updateRefreshToken(
                "rt-1", FirebaseRefreshRecord(localId: "uidA", signInProvider: "anonymous", authTime: 1, issuedAt: 1, lastRefreshedAt: 77))
            project.insertOobCode("c", FirebaseOobRecord(email: "ada@example.com", requestType: "EMAIL_SIGNIN", createdAt: Fixture.at(1)))
        }
        try sut.read { rows in
            let project = rows.firebase(project: "a")
            let all = project.userKeys(matching: "", limit: 10)
            #expect(all.total == 2 && all.keys.map(\.localId) == ["uidB", "uidA"] && all.keys.map(\.createdAt) == [2_000, 1_000])
            #expect(project.userKeys(matching: "bob@", limit: 10).keys.map(\.localId) == ["uidB"])
            #expect(project.userKeys(matching: "uida", limit: 10).keys.map(\.localId) == ["uidA"])
            #expect(project.refreshToken("rt-1")?.lastRefreshedAt == 77)
            #expect(project.refreshTokens(of: "uidA") == ["rt-1", "rt-2"], "an update keeps the token's place")
        }
        try sut.write { $0.firebase(project: "a").deleteRefreshTokens(of: "uidA") }
        #expect(try sut.read { $0.firebase(project: "a").refreshTokens(of: "uidA") }.isEmpty)
        try sut.write { $0.firebase(project: "a").deleteAll() }
        try sut.read { rows in
            #expect(rows.firebase(project: "a").userCount() == 0)
            #expect(rows.firebase(project: "a").oobCodes().isEmpty, "a reset forgets the codes too")
        }
    }

    @Test("a person's Apple authorizations, oldest first; mail a page at a time, newest first", arguments: StorageAdapter.allCases)
    func appleAndMail(adapter: StorageAdapter) throws {
        let sut = try adapter.make()
        try sut.write { rows in
            rows.appleID.save(
                AppleIDState.Authorization(
                    clientID: "web", subject: "001", sharedEmail: "a@x", isPrivateEmail: false, authorizedAt: Fixture.at(2)))
            rows.appleID.save(
                AppleIDState.Authorization(
                    clientID: "app", subject: "001", sharedEmail: "a@x", isPrivateEmail: false, authorizedAt: Fixture.at(1)))
            rows.appleID.save(
                AppleIDState.Authorization(
                    clientID: "app", subject: "002", sharedEmail: "b@x", isPrivateEmail: false, authorizedAt: Fixture.at(1)))
            for (index, recipient) in ["a@example.com", "b@example.com", "a@example.com"].enumerated() {
                rows.mailbox.deliver(
                    MailMessage(code: "\(index)", kind: "magiclink", sender: "supabase", sentAt: Fixture.at(Double(index))),
                    to: recipient, keepingAtMost: 50)
            }
        }
        try sut.read { rows in
            #expect(rows.appleID.authorizations(subject: "001").map(\.clientID) == ["app", "web"])
            let all = rows.mailbox.page(recipient: nil, offset: 0, limit: 2)
            #expect(all.total == 3 && all.messages.map(\.message.code) == ["2", "1"])
            #expect(rows.mailbox.page(recipient: nil, offset: 2, limit: 2).messages.map(\.message.code) == ["0"])
            let one = rows.mailbox.page(recipient: "a@example.com", offset: 0, limit: 10)
            #expect(one.total == 2 && one.messages.map(\.recipient) == ["a@example.com", "a@example.com"])
        }
    }
}
