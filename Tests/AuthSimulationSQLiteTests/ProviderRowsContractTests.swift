import AuthSimulation
import Foundation
import Testing

/// The storage contract for the simulated Apple ID's, Google's and the mailbox's rows.
@Suite("Storage contract: Apple, Google and mailbox rows")
struct ProviderRowsContractTests {
    @Test("Apple: accounts, authorizations, codes, tokens; revocation touches the app and person only", arguments: StorageAdapter.allCases)
    func apple(adapter: StorageAdapter) throws {
        let sut = try adapter.make()
        let account = AppleIDState.Account(appleID: "ada@icloud.com", subject: "001.abc", relayAddress: "x@privaterelay.appleid.com")
        let authorization = AppleIDState.Authorization(
            clientID: "app", subject: "001.abc", sharedEmail: "x@privaterelay.appleid.com",
            isPrivateEmail: true, authorizedAt: Fixture.at(1))
        let code = AppleIDState.Code(clientID: "app", subject: "001.abc", nonce: "n", issuedAt: Fixture.at(2))
        try sut.write { rows in
            rows.appleID.insert(account)
            rows.appleID.save(authorization)
            rows.appleID.save(code: "code-1", code)
            rows.appleID.save(code: "code-0", AppleIDState.Code(clientID: "app", subject: "001.abc", issuedAt: Fixture.at(0)))
            rows.appleID.insert(
                token: "r-1", AppleIDState.Token(clientID: "app", subject: "001.abc", kind: "refresh_token", issuedAt: Fixture.at(3)))
            rows.appleID.insert(
                token: "r-2", AppleIDState.Token(clientID: "other", subject: "001.abc", kind: "refresh_token", issuedAt: Fixture.at(3)))
            rows.appleID.purgeCodes(issuedBefore: Fixture.at(2))
        }
        var used = code
        used.usedAt = Fixture.at(4)
        try sut.write { rows in
            rows.appleID.save(code: "code-1", used)
            rows.appleID.revokeTokens(clientID: "app", subject: "001.abc", at: Fixture.at(5))
            rows.appleID.append(AppleIDState.Revocation(clientID: "app", subject: "001.abc", tokenKind: "refresh_token", at: Fixture.at(5)))
        }
        try sut.read { rows in
            #expect(rows.appleID.account(appleID: "ada@icloud.com") == account)
            #expect(rows.appleID.authorization(clientID: "app", subject: "001.abc") == authorization)
            #expect(rows.appleID.code("code-1") == used)
            #expect(rows.appleID.token("r-1")?.revokedAt == Fixture.at(5))
            #expect(rows.appleID.token("r-2")?.revokedAt == nil)
            #expect(rows.appleID.revocations().map(\.tokenKind) == ["refresh_token"])
        }
        try sut.write { $0.appleID.deleteAll() }
        #expect(try sut.read { $0.appleID.account(appleID: "ada@icloud.com") } == nil)
    }

    @Test("Google accounts read back; the mailbox keeps the newest messages per address, in order", arguments: StorageAdapter.allCases)
    func googleAndMail(adapter: StorageAdapter) throws {
        let sut = try adapter.make()
        let account = SimulatedGoogle.Account(email: "grace@gmail.com", subject: "123456789012345678901", givenName: "Grace")
        try sut.write { rows in
            rows.google.insert(account)
            for index in 0..<5 {
                rows.mailbox.deliver(
                    MailMessage(
                        code: "\(index)", link: index == 4 ? "http://x/verify" : nil, kind: "magiclink", sender: "supabase",
                        sentAt: Fixture.at(Double(index))), to: "ada@example.com", keepingAtMost: 3)
            }
            rows.mailbox.deliver(
                MailMessage(code: "b", kind: "EMAIL_SIGNIN", sender: "firebase", sentAt: Fixture.at(9)), to: "bob@example.com",
                keepingAtMost: 3)
        }
        try sut.read { rows in
            #expect(rows.google.account(email: "grace@gmail.com") == account)
            #expect(rows.mailbox.messages(for: "ada@example.com").map(\.code) == ["2", "3", "4"])
            #expect(rows.mailbox.messages(for: "ada@example.com").last?.link == "http://x/verify")
            #expect(rows.mailbox.messages(for: "bob@example.com").map(\.code) == ["b"])
        }
        try sut.write { rows in
            rows.google.deleteAll()
            rows.mailbox.deleteAll()
        }
        try sut.read { rows in
            #expect(rows.google.account(email: "grace@gmail.com") == nil)
            #expect(rows.mailbox.messages(for: "ada@example.com").isEmpty)
        }
    }
}
