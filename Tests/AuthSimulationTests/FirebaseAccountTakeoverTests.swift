import AuthData
import AuthDomain
import AuthJWT
import AuthSimulation
import AuthTestSupport
import Foundation
import Testing

/// Account takeover through an email address (issue 13 items 2 and 4), on the Firebase engine.
/// The rules follow firebase-tools `src/emulator/auth/operations.ts`
/// (`handleIdpSigninEmailRequired`, `fakeFetchUserInfoFromIdp`) except where the emulator is
/// stricter on purpose, said in each test.
@Suite("Firebase engine: takeover through an email address")
struct FirebaseAccountTakeoverTests {
    /// Apple writes `email_verified` as a boolean or as a string; both spellings of "no".
    static let unverified: [JSONValue] = [.bool(false), .string("false")]

    @Test("an Apple token whose email Apple did not verify gets no session for the account with that email", arguments: unverified)
    func unverifiedAppleEmail(verified: JSONValue) async throws {
        let sut = try await FirebaseEngineFixture.make()
        let owner = try await sut.signIn(provider: "google.com", try await sut.googleToken(email: "victim@example.com"))
        let ownerID = try #require(owner.localId)

        let forged = try await sut.appleToken(claiming: "victim@example.com", verified: verified)
        let response = try await sut.signIn(provider: "apple.com", forged)

        #expect(response.needConfirmation == true)
        #expect(response.idToken == nil && response.refreshToken == nil, "no session")
        #expect(response.emailVerified == false, "the string \"false\" is not a yes (firebase-tools reads `!!claims.email_verified`)")
        let users = sut.world.services.storedFirebaseUsers()
        #expect(users.count == 1)
        #expect(users[ownerID]?.providers.map(\.providerId) == ["google.com"], "nothing was linked to the account")
    }

    @Test("the in-process backend turns that answer into accountExists with the pending credential", arguments: unverified)
    func unverifiedThroughBackend(verified: JSONValue) async throws {
        let sut = try await FirebaseEngineFixture.make()
        _ = try await sut.signIn(provider: "google.com", try await sut.googleToken(email: "victim@example.com"))
        let forged = try await sut.appleToken(claiming: "victim@example.com", verified: verified)
        let backend = FirebaseAuthBackend(engine: sut.engine)
        do {
            let credential = IDTokenCredential(provider: .apple, idToken: Secret(forged.token), rawNonce: Secret(forged.nonce))
            _ = try await backend.signIn(with: credential)
            Issue.record("the forged token signed in")
        } catch .accountExists(let link) {
            #expect(link.email == "victim@example.com" && link.providers == [.google] && link.credential.pendingToken != nil)
        } catch {
            Issue.record("expected accountExists, got \(error)")
        }
    }

    @Test("a verified provider takes over an unverified account: the creator's tokens and providers are gone, the uid stays")
    func takeoverEndsTheCreatorsSessions() async throws {
        let sut = try await FirebaseEngineFixture.make()
        // The attacker signs up first with an Apple token for the victim's address, unverified.
        let attacker = try await sut.signIn(
            provider: "apple.com", try await sut.appleToken(claiming: "victim@example.com", verified: .bool(false)))
        let account = try #require(attacker.localId)
        #expect(attacker.isNewUser == true)
        sut.clock.advance(by: 5)

        let owner = try await sut.signIn(provider: "google.com", try await sut.googleToken(email: "victim@example.com"))

        #expect(owner.localId == account, "the verified provider signs in to the account with its email (firebase-tools keeps the uid)")
        let user = try #require(sut.world.services.storedFirebaseUsers()[account])
        #expect(
            user.providers.map(\.providerId) == ["google.com"],
            "firebase-tools leaves apple.com linked (deleteProviders is never applied); this engine removes it")
        #expect(user.emailVerified)
        #expect(user.validSince == Int64(sut.clock.now.timeIntervalSince1970), "validSince moves to now, as in firebase-tools")
        // The attacker's ID token and refresh token are dead; firebase-tools' refresh ignores validSince.
        #expect(await sut.failure { try await sut.engine.lookup(idToken: attacker.idToken) }?.code == "TOKEN_EXPIRED")
        #expect(
            await sut.failure { try await sut.engine.secureToken(grantType: "refresh_token", refreshToken: attacker.refreshToken) }?.code
                == "TOKEN_EXPIRED")
        // Signing in again with the same Apple ID asks to confirm; it no longer reaches the account.
        let again = try await sut.signIn(
            provider: "apple.com", try await sut.appleToken(claiming: "victim@example.com", verified: .bool(false)))
        #expect(again.needConfirmation == true && again.idToken == nil)
        // The owner's session works.
        #expect(try await sut.engine.lookup(idToken: owner.idToken).users?.first?.localId == account)
        #expect(try await sut.engine.secureToken(grantType: "refresh_token", refreshToken: owner.refreshToken).userId == account)
    }

    @Test("a refresh token the creator got in the same second as the takeover is refused too")
    func sameSecondRefreshToken() async throws {
        let sut = try await FirebaseEngineFixture.make()
        let attacker = try await sut.signIn(
            provider: "apple.com", try await sut.appleToken(claiming: "victim@example.com", verified: .string("false")))
        let owner = try await sut.signIn(provider: "google.com", try await sut.googleToken(email: "victim@example.com"))
        #expect(owner.localId == attacker.localId)
        #expect(
            await sut.failure { try await sut.engine.secureToken(grantType: "refresh_token", refreshToken: attacker.refreshToken) }?.code
                == "TOKEN_EXPIRED")
        #expect(try await sut.engine.secureToken(grantType: "refresh_token", refreshToken: owner.refreshToken).userId == owner.localId)
    }

    @Test("the profile takes the provider's values, cleared where it has none (firebase-tools idp.spec.ts)")
    func profileIsReplaced() async throws {
        let sut = try await FirebaseEngineFixture.make()
        let attacker = try await sut.signIn(
            provider: "apple.com", try await sut.appleToken(claiming: "victim@example.com", verified: .bool(false)))
        var update = FirebaseUpdateRequest(idToken: attacker.idToken)
        update.displayName = "Not the owner"
        update.photoUrl = "https://attacker.example/face.png"
        _ = try await sut.engine.update(update)
        sut.clock.advance(by: 5)
        _ = try await sut.signIn(provider: "google.com", try await sut.googleToken(email: "victim@example.com"))
        let account = try #require(attacker.localId)
        let user = try #require(sut.world.services.storedFirebaseUsers()[account])
        #expect(user.displayName != "Not the owner")
        #expect(user.photoUrl == nil)
    }

    @Test("a verified account is never taken over: a second provider with the same verified email must link (stricter than firebase-tools)")
    func verifiedAccountAsksToLink() async throws {
        let sut = try await FirebaseEngineFixture.make()
        let owner = try await sut.signIn(provider: "google.com", try await sut.googleToken(email: "victim@example.com"))
        let apple = try await sut.signIn(
            provider: "apple.com", try await sut.appleToken(claiming: "victim@example.com", verified: .bool(true)))
        #expect(apple.needConfirmation == true)
        #expect(apple.verifiedProvider == ["google.com"])
        #expect(try await sut.engine.lookup(idToken: owner.idToken).users?.first?.providerUserInfo?.map(\.providerId) == ["google.com"])
    }
}
