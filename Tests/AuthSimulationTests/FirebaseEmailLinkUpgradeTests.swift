import AuthData
import AuthSimulation
import AuthTestSupport
import Foundation
import Testing

/// Email-link sign-in with an `idToken` (issue 13 item 6): the link is added to the signed-in
/// user, as firebase-tools `src/emulator/auth/operations.ts` `signInWithEmailLink` does
/// (`emailLink.spec.ts` "should link existing account with idToken to new email").
@Suite("Firebase engine: email-link sign-in upgrades the signed-in user")
struct FirebaseEmailLinkUpgradeTests {
    private func code(for email: String, _ sut: FirebaseEngineFixture) async throws -> String {
        _ = try await sut.engine.sendOobCode(
            FirebaseOobRequest(requestType: "EMAIL_SIGNIN", email: email, continueUrl: "http://localhost", canHandleCodeInApp: true))
        return try #require(await sut.world.services.mailbox.messages(for: email).last?.code)
    }

    @Test("an anonymous user who opens the link keeps its uid and gets the email, verified, with the password provider")
    func anonymousUpgrade() async throws {
        let sut = try await FirebaseEngineFixture.make()
        let guest = try await sut.engine.signUp(FirebaseSignUpRequest(returnSecureToken: true))
        let code = try await code(for: "guest@example.com", sut)

        let linked = try await sut.engine.signInWithEmailLink(
            FirebaseEmailLinkRequest(email: "Guest@Example.com", oobCode: code, idToken: guest.idToken))

        #expect(linked.localId == guest.localId)
        #expect(linked.isNewUser == false)
        #expect(linked.email == "guest@example.com")
        let user = try #require(try await sut.engine.lookup(idToken: linked.idToken).users?.first)
        #expect(user.email == "guest@example.com" && user.emailVerified == true && user.emailLinkSignin == true)
        #expect(user.providerUserInfo?.map(\.providerId) == ["password"])
        #expect(
            try await sut.engine.lookup(idToken: guest.idToken).users?.first?.localId == guest.localId,
            "validSince does not move: the guest's earlier token still works")
        #expect(sut.world.services.storedFirebaseUsers().count == 1, "no second account")
    }

    @Test("the address of another account answers EMAIL_EXISTS, and the code is spent anyway, as in firebase-tools")
    func emailOfAnotherAccount() async throws {
        let sut = try await FirebaseEngineFixture.make()
        let owner = try await sut.engine.signInWithEmailLink(
            FirebaseEmailLinkRequest(email: "taken@example.com", oobCode: try await code(for: "taken@example.com", sut)))
        let guest = try await sut.engine.signUp(FirebaseSignUpRequest(returnSecureToken: true))
        sut.clock.advance(by: 61)
        let code = try await code(for: "taken@example.com", sut)

        let refused = await sut.failure {
            try await sut.engine.signInWithEmailLink(
                FirebaseEmailLinkRequest(email: "taken@example.com", oobCode: code, idToken: guest.idToken))
        }
        #expect(refused?.code == "EMAIL_EXISTS")
        let again = await sut.failure {
            try await sut.engine.signInWithEmailLink(FirebaseEmailLinkRequest(email: "taken@example.com", oobCode: code))
        }
        #expect(again?.code == "INVALID_OOB_CODE", "firebase-tools deletes the code before the EMAIL_EXISTS check (ops.ts 1475)")
        #expect(try await sut.engine.lookup(idToken: owner.idToken).users?.first?.email == "taken@example.com")
    }

    @Test("a user with another email gets the new one; the old address is free again")
    func replacesEmail() async throws {
        let sut = try await FirebaseEngineFixture.make()
        let first = try await sut.engine.signInWithEmailLink(
            FirebaseEmailLinkRequest(email: "old@example.com", oobCode: try await code(for: "old@example.com", sut)))
        let linked = try await sut.engine.signInWithEmailLink(
            FirebaseEmailLinkRequest(email: "new@example.com", oobCode: try await code(for: "new@example.com", sut), idToken: first.idToken)
        )
        #expect(linked.localId == first.localId)
        let user = try #require(try await sut.engine.lookup(idToken: linked.idToken).users?.first)
        #expect(user.email == "new@example.com")
        #expect(user.providerUserInfo?.compactMap(\.email) == ["new@example.com"])
        sut.clock.advance(by: 61)
        let fresh = try await sut.engine.signInWithEmailLink(
            FirebaseEmailLinkRequest(email: "old@example.com", oobCode: try await code(for: "old@example.com", sut)))
        #expect(fresh.isNewUser && fresh.localId != first.localId)
    }

    @Test("checks run in firebase-tools' order: the ID token first, then MISSING_EMAIL, MISSING_OOB_CODE, the code")
    func checkOrder() async throws {
        let sut = try await FirebaseEngineFixture.make()
        #expect(
            await sut.failure {
                try await sut.engine.signInWithEmailLink(FirebaseEmailLinkRequest(email: nil, oobCode: nil, idToken: "garbage"))
            }?.code == "INVALID_ID_TOKEN")
        #expect(
            await sut.failure { try await sut.engine.signInWithEmailLink(FirebaseEmailLinkRequest(email: nil, oobCode: nil)) }?.code
                == "MISSING_EMAIL")
        #expect(
            await sut.failure { try await sut.engine.signInWithEmailLink(FirebaseEmailLinkRequest(email: "a@example.com", oobCode: nil)) }?
                .code == "MISSING_OOB_CODE")
        #expect(
            await sut.failure {
                try await sut.engine.signInWithEmailLink(FirebaseEmailLinkRequest(email: "a@example.com", oobCode: "nope"))
            }?.code == "INVALID_OOB_CODE")
        let code = try await code(for: "a@example.com", sut)
        let mismatch = await sut.failure {
            try await sut.engine.signInWithEmailLink(FirebaseEmailLinkRequest(email: "b@example.com", oobCode: code))
        }
        #expect(mismatch?.message == "INVALID_EMAIL : The email provided does not match the sign-in email address.")
    }
}
