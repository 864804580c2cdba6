import AuthData
import AuthDomain
import AuthSimulation
import AuthTestSupport
import Foundation
import Testing

/// The engines' side of the emulator's console: listing by sort keys, a user's sessions with
/// their refresh times, sessions ended or expired by an operator, Apple authorizations by
/// subject, the mailbox a page at a time, and the reset.
@Suite("Engines: console operations")
struct ConsoleOperationsTests {
    @Test("Supabase: a refresh stamps refreshed_at; expired sessions answer session_expired; ended ones are gone")
    func supabaseSessions() async throws {
        let world = try await TestWorld.make()
        let engine = world.services.supabase
        let session = try await engine.signUpAnonymously(data: [:])
        let id = session.user.id
        #expect(try engine.consoleUser(id)?.sessions.map(\.refreshedAt) == [nil])
        world.clock.advance(by: 30)
        let refreshed = try await engine.grantRefreshToken(session.refreshToken)
        let stamped = try #require(try engine.consoleUser(id)?.sessions.first?.refreshedAt)
        #expect(abs(stamped.timeIntervalSince(world.clock.now)) < 0.01)

        try engine.consoleExpireSessions(of: id)
        #expect(try engine.consoleUser(id)?.sessions.first?.notAfter == world.clock.now)
        await #expect(throws: SupabaseFailure.api(status: 400, code: "session_expired", message: "Invalid Refresh Token: Session Expired"))
        {
            try await engine.grantRefreshToken(refreshed.refreshToken)
        }
        try engine.consoleEndSessions(of: id)
        #expect(try engine.consoleUser(id)?.sessions.isEmpty == true)
        #expect(throws: SupabaseFailure.api(status: 404, code: "user_not_found", message: "User not found")) {
            try engine.consoleEndSessions(of: "00000000-0000-0000-0000-000000000000")
        }
    }

    @Test("Supabase: users are listed as sort keys, searched by id or email, then read a page at a time")
    func supabaseListing() async throws {
        let world = try await TestWorld.make()
        let engine = world.services.supabase
        let first = try await engine.signUpAnonymously(data: [:]).user.id
        let second = try await engine.signUpAnonymously(data: [:]).user.id
        #expect(Set(try engine.consoleUserKeys(matching: "", limit: 10).keys.map(\.id)) == [first, second])
        let newest = try engine.consoleUserKeys(matching: "", limit: 1)
        #expect(newest.total == 2 && newest.keys.map(\.id) == [second], "the total counts all; the keys stop at the limit, newest first")
        #expect(try engine.consoleUserKeys(matching: String(second.prefix(13)), limit: 10).keys.map(\.id) == [second])
        #expect(try engine.consoleUsers(ids: [second, "gone", first]).map(\.id) == [second, first])
        try await world.services.reset()
        #expect(try engine.consoleUserKeys(matching: "", limit: 10).total == 0)
    }

    @Test("Firebase: a refresh stamps the token; ending sessions forgets tokens, expiring them moves validSince")
    func firebaseSessions() async throws {
        let world = try await TestWorld.make()
        let engine = world.services.firebase
        let signUp = try await engine.signUp(FirebaseSignUpRequest(returnSecureToken: true))
        let token = try #require(signUp.refreshToken)
        world.clock.advance(by: 30)
        _ = try await engine.secureToken(grantType: "refresh_token", refreshToken: token)
        let record = try #require(try await engine.consoleUser(signUp.localId)?.refreshTokens.first)
        #expect(record.lastRefreshedAt == Int64(world.clock.now.timeIntervalSince1970))

        let refusal = { () async -> String? in
            do {
                _ = try await engine.secureToken(grantType: "refresh_token", refreshToken: token)
                return nil
            } catch {
                return (error as? FirebaseFailure)?.message
            }
        }
        try await engine.consoleExpireSessions(of: signUp.localId)
        #expect(await refusal() == "TOKEN_EXPIRED")
        #expect(try await engine.consoleUser(signUp.localId)?.user.validSince == Int64(world.clock.now.timeIntervalSince1970))
        try await engine.consoleEndSessions(of: signUp.localId)
        #expect(await refusal() == "INVALID_REFRESH_TOKEN")
        #expect(try await engine.consoleUser(signUp.localId)?.refreshTokens.isEmpty == true)
        await #expect(throws: FirebaseFailure.self) { try await engine.consoleEndSessions(of: "nobody") }
        try await world.services.reset()
        #expect(try await engine.consoleUserKeys(matching: "", limit: 10).total == 0)
    }

    @Test("Apple: a subject's authorizations, revoked by subject, make the next sheet a first one")
    func appleAuthorizations() async throws {
        let world = try await TestWorld.make()
        let apple = world.services.apple
        let answer = try await apple.authorize(AppleSheetRequest(clientID: world.appleClientID, appleID: "ada@example.com"))
        #expect(await apple.authorizations(subject: answer.user).map(\.clientID) == [world.appleClientID])
        #expect(await apple.revokeAuthorization(subject: answer.user, clientID: world.appleClientID))
        #expect(await !apple.revokeAuthorization(subject: answer.user, clientID: world.appleClientID), "nothing left to revoke")
        #expect(await apple.authorizations(subject: answer.user).first?.revokedAt != nil)
        #expect(await apple.isFirstAuthorization(appleID: "ada@example.com", clientID: world.appleClientID))
        try await world.services.reset()
        #expect(await apple.authorizations(subject: answer.user).isEmpty)
    }

    @Test("the mailbox a page at a time, newest first, in all or to one address")
    func mailboxPages() async throws {
        let world = try await TestWorld.make()
        let mailbox = world.services.mailbox
        for recipient in ["a@example.com", "b@example.com", "A@example.com"] {
            try await world.services.supabase.sendOTP(email: recipient, createUser: true, data: [:])
            world.clock.advance(by: 61)
        }
        let sent = await mailbox.messages(for: "a@example.com").map(\.code) + mailbox.messages(for: "b@example.com").map(\.code)
        let all = await mailbox.page(to: nil, offset: 0, limit: 2)
        #expect(all.total == 3 && all.messages.map(\.message.code) == [sent[1], sent[2]])
        #expect(await mailbox.page(to: nil, offset: 2, limit: 2).messages.map(\.message.code) == [sent[0]])
        let one = await mailbox.page(to: "A@EXAMPLE.COM", offset: 0, limit: 10)
        #expect(one.total == 2 && one.messages.map(\.recipient) == ["a@example.com", "a@example.com"])
        try await world.services.reset()
        #expect(await mailbox.page(to: nil, offset: 0, limit: 10).total == 0)
    }
}
