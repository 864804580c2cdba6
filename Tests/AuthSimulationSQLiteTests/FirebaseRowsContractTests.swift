import AuthSimulation
import Foundation
import Testing

/// The storage contract for a Firebase project's rows, run against every adapter.
@Suite("Storage contract: Firebase rows")
struct FirebaseRowsContractTests {
    @Test(
        "an account reads back with its providers in order; the email lookup follows it; projects are apart",
        arguments: StorageAdapter.allCases)
    func accounts(adapter: StorageAdapter) throws {
        let sut = try adapter.make()
        var user = Fixture.firebaseUser(
            "uid-1", email: "ada@example.com",
            providers: [
                FirebaseProviderRecord(
                    providerId: "apple.com", rawId: "001.apple", email: "ada@example.com", displayName: nil, photoUrl: nil),
                FirebaseProviderRecord(
                    providerId: "password", rawId: "ada@example.com", email: "ada@example.com", displayName: "Ada",
                    photoUrl: "https://x/p"),
            ])
        try sut.write { $0.firebase(project: "a").save(user) }
        try sut.read { rows in
            #expect(rows.firebase(project: "a").user("uid-1") == user)
            #expect(rows.firebase(project: "a").localId(email: "ada@example.com") == "uid-1")
            #expect(rows.firebase(project: "b").user("uid-1") == nil)
            #expect(rows.firebase(project: "b").localId(email: "ada@example.com") == nil)
        }
        user.email = "lovelace@example.com"
        user.providers.reverse()
        user.disabled = true
        try sut.write { $0.firebase(project: "a").save(user) }
        try sut.read { rows in
            #expect(rows.firebase(project: "a").user("uid-1") == user)
            #expect(rows.firebase(project: "a").localId(email: "ada@example.com") == nil)
            #expect(rows.firebase(project: "a").localId(email: "lovelace@example.com") == "uid-1")
        }
    }

    @Test(
        "deleting an account keeps its federated ids and refresh tokens (a deleted user's token answers USER_NOT_FOUND)",
        arguments: StorageAdapter.allCases)
    func deletion(adapter: StorageAdapter) throws {
        let sut = try adapter.make()
        try sut.write { rows in
            let project = rows.firebase(project: "a")
            project.save(Fixture.firebaseUser("uid-1", email: "ada@example.com"))
            project.setFederatedUser(providerId: "google.com", rawId: "1", localId: "uid-1")
            project.setFederatedUser(providerId: "apple.com", rawId: "2", localId: "uid-1")
            project.insertRefreshToken(
                "rt-1", FirebaseRefreshRecord(localId: "uid-1", signInProvider: "google.com", authTime: 10, issuedAt: 10))
            project.deleteUser("uid-1")
        }
        try sut.read { rows in
            let project = rows.firebase(project: "a")
            #expect(project.user("uid-1") == nil)
            #expect(project.localId(email: "ada@example.com") == nil)
            #expect(project.federatedIDs(of: "uid-1").map { "\($0.providerId)|\($0.rawId)" } == ["apple.com|2", "google.com|1"])
            #expect(project.refreshToken("rt-1")?.localId == "uid-1")
        }
        try sut.write { $0.firebase(project: "a").setFederatedUser(providerId: "google.com", rawId: "1", localId: nil) }
        try sut.read { rows in
            #expect(rows.firebase(project: "a").federatedUser(providerId: "google.com", rawId: "1") == nil)
            #expect(rows.firebase(project: "a").federatedUser(providerId: "apple.com", rawId: "2") == "uid-1")
        }
    }

    @Test(
        "a refresh token keeps a custom token's developer claims and its second factor through an update",
        arguments: StorageAdapter.allCases)
    func refreshTokenClaims(adapter: StorageAdapter) throws {
        // firebase-tools src/emulator/auth/state.ts createRefreshTokenFor: the record keeps extraClaims.
        let sut = try adapter.make()
        let claims = #"{"role":"admin","tier":2}"#
        var record = FirebaseRefreshRecord(
            localId: "uid-1", signInProvider: "custom", authTime: 5, issuedAt: 5, secondFactor: "factor-1", developerClaims: claims)
        try sut.write { $0.firebase(project: "a").insertRefreshToken("rt-1", record) }
        try sut.read { rows in #expect(rows.firebase(project: "a").refreshToken("rt-1") == record) }
        record.lastRefreshedAt = 9
        try sut.write { $0.firebase(project: "a").updateRefreshToken("rt-1", record) }
        try sut.read { rows in
            #expect(rows.firebase(project: "a").refreshToken("rt-1")?.developerClaims == claims)
            #expect(rows.firebase(project: "a").refreshToken("rt-1")?.lastRefreshedAt == 9)
        }
    }

    @Test("refresh tokens: per account oldest first, deleted one by one, dated back by a revocation", arguments: StorageAdapter.allCases)
    func refreshTokens(adapter: StorageAdapter) throws {
        let sut = try adapter.make()
        try sut.write { rows in
            let project = rows.firebase(project: "a")
            for (index, token) in ["rt-1", "rt-2", "rt-3"].enumerated() {
                project.insertRefreshToken(
                    token, FirebaseRefreshRecord(localId: "uid-1", signInProvider: "anonymous", authTime: 5, issuedAt: 10 + Int64(index)))
            }
            project.insertRefreshToken(
                "rt-x", FirebaseRefreshRecord(localId: "uid-2", signInProvider: "anonymous", authTime: 5, issuedAt: 50))
            project.deleteRefreshToken("rt-1")
            project.limitRefreshTokenIssuedAt(of: "uid-1", to: 11)
        }
        try sut.read { rows in
            let project = rows.firebase(project: "a")
            #expect(project.refreshTokens(of: "uid-1") == ["rt-2", "rt-3"])
            #expect(project.refreshToken("rt-2")?.issuedAt == 11)
            #expect(project.refreshToken("rt-3")?.issuedAt == 11)
            #expect(project.refreshToken("rt-x")?.issuedAt == 50)
            #expect(project.refreshToken("rt-1") == nil)
        }
    }

    @Test(
        "email codes and the emails sent: replaced per address and type, burnt per address, expired by age",
        arguments: StorageAdapter.allCases)
    func codes(adapter: StorageAdapter) throws {
        let sut = try adapter.make()
        try sut.write { rows in
            let project = rows.firebase(project: "a")
            project.insertOobCode("c-1", FirebaseOobRecord(email: "ada@example.com", requestType: "EMAIL_SIGNIN", createdAt: Fixture.at(1)))
            project.insertOobCode("c-2", FirebaseOobRecord(email: "ada@example.com", requestType: "VERIFY_EMAIL", createdAt: Fixture.at(2)))
            project.insertOobCode("c-3", FirebaseOobRecord(email: "bob@example.com", requestType: "EMAIL_SIGNIN", createdAt: Fixture.at(3)))
            project.setLastEmailSent(to: "ada@example.com", at: Fixture.at(1))
            project.setLastEmailSent(to: "bob@example.com", at: Fixture.at(3))
        }
        try sut.read { rows in
            let project = rows.firebase(project: "a")
            #expect(project.oobCodes().map(\.code) == ["c-1", "c-2", "c-3"])
            #expect(project.oobCode("c-2")?.requestType == "VERIFY_EMAIL")
            #expect(project.lastEmailSent(to: "bob@example.com") == Fixture.at(3))
            #expect(project.emailSendCount() == 2)
        }
        try sut.write { rows in
            let project = rows.firebase(project: "a")
            project.deleteOobCodes(email: "ada@example.com", requestType: "EMAIL_SIGNIN")
            project.deleteEmailSends(sentBefore: Fixture.at(3))
        }
        try sut.read { rows in
            #expect(rows.firebase(project: "a").oobCodes().map(\.code) == ["c-2", "c-3"])
            #expect(rows.firebase(project: "a").emailSendCount() == 1)
        }
        try sut.write { rows in
            rows.firebase(project: "a").deleteOobCodes(createdBefore: Fixture.at(3))
            rows.firebase(project: "a").deleteOobCodes(email: "bob@example.com", requestType: nil)
        }
        #expect(try sut.read { $0.firebase(project: "a").oobCodes().isEmpty })
    }

    @Test("pending credentials, spent Apple tokens and rate windows; a purge never drops a live one", arguments: StorageAdapter.allCases)
    func expiringRows(adapter: StorageAdapter) throws {
        let sut = try adapter.make()
        let identity = FirebaseIdentity(
            providerId: "apple.com", rawId: "001", email: "ada@example.com", emailVerified: true, displayName: "Ada",
            firstName: "Ada", lastName: nil, photoUrl: nil, rawClaims: ["sub": .string("001"), "n": .int(3)])
        let pending = FirebasePendingCredential(identity: identity, oauthIdToken: "header.payload.signature", createdAt: Fixture.at(100))
        try sut.write { rows in
            let project = rows.firebase(project: "a")
            project.insertPendingCredential("p-1", pending)
            project.insertSpentAppleToken("h-1", expiresAt: 200)
            project.setRateWindow("new-account|client|127.0.0.1", FirebaseRateWindows.Window(end: Fixture.at(500), count: 3))
            project.purgePendingCredentials(createdAtOrBefore: Fixture.at(99))
            project.purgeSpentAppleTokens(expiredAt: 199)
            project.purgeRateWindows(endedAt: Fixture.at(499))
        }
        try sut.read { rows in
            let project = rows.firebase(project: "a")
            #expect(project.pendingCredential("p-1") == pending)
            #expect(project.spentAppleToken("h-1") == 200)
            #expect(project.rateWindow("new-account|client|127.0.0.1") == FirebaseRateWindows.Window(end: Fixture.at(500), count: 3))
        }
        try sut.write { $0.firebase(project: "a").deletePendingCredential("p-1") }
        #expect(try sut.read { $0.firebase(project: "a").pendingCredential("p-1") } == nil)
    }

    @Test("wiping the accounts keeps the codes, the emails sent and the counters", arguments: StorageAdapter.allCases)
    func wipe(adapter: StorageAdapter) throws {
        let sut = try adapter.make()
        try sut.write { rows in
            let project = rows.firebase(project: "a")
            project.save(Fixture.firebaseUser("uid-1"))
            project.setFederatedUser(providerId: "google.com", rawId: "1", localId: "uid-1")
            project.insertRefreshToken(
                "rt-1", FirebaseRefreshRecord(localId: "uid-1", signInProvider: "google.com", authTime: 1, issuedAt: 1))
            project.insertOobCode("c-1", FirebaseOobRecord(email: "ada@example.com", requestType: "EMAIL_SIGNIN", createdAt: Fixture.at(1)))
            project.setLastEmailSent(to: "ada@example.com", at: Fixture.at(1))
            project.setRateWindow("k", FirebaseRateWindows.Window(end: Fixture.at(9), count: 1))
            rows.firebase(project: "b").save(Fixture.firebaseUser("uid-b"))
            project.wipeAccounts()
        }
        try sut.read { rows in
            let project = rows.firebase(project: "a")
            #expect(project.userCount() == 0)
            #expect(project.federatedUser(providerId: "google.com", rawId: "1") == nil)
            #expect(project.refreshToken("rt-1") == nil)
            #expect(project.oobCode("c-1") != nil)
            #expect(project.lastEmailSent(to: "ada@example.com") != nil)
            #expect(project.rateWindow("k") != nil)
            #expect(rows.firebase(project: "b").users(after: nil, limit: 10).map(\.localId) == ["uid-b"], "another project is untouched")
        }
    }
}
