import AuthData
import AuthJWT
import AuthSimulation
import Foundation
import Testing

/// Automatic linking and takeovers through an email (issue 13 items 2, 3 and 7), after GoTrue's
/// `models/linking.go` `DetermineAccountLinking`, `api/external.go`
/// `createAccountFromExternalIdentity` and `models/user.go` `RemoveUnconfirmedIdentities`.
@Suite("Supabase engine: account linking by email")
struct SupabaseAccountLinkingTests {
    private func code(_ failure: SupabaseFailure?) -> String? {
        if case .api(_, let code, _)? = failure { return code }
        return nil
    }

    @Test(
        """
        an Apple token whose email_verified is \"false\" or false gets no session for the account with that email (stricter than\
         provider/oidc.go)
        """,
        arguments: [JSONValue.string("false"), .bool(false)])
    func unverifiedAppleEmail(claim: JSONValue) async throws {
        let sut = try await SupabaseIDTokenWorld.make()
        let owner = try await sut.signIn(try await sut.google("victim@example.com"))
        let forged = try await sut.apple("attacker@example.com") {
            $0["email"] = .string("victim@example.com")
            $0["email_verified"] = claim
        }
        let failure = await sut.failure { () async throws(SupabaseFailure) in try await sut.signIn(forged) }
        #expect(code(failure) == "provider_email_needs_verification")
        let users = sut.users
        #expect(users.count == 1, "nothing is stored for the refused identity")
        #expect(users.first?.id == owner.user.id && users.first?.identities.map(\.provider) == ["google"])
    }

    @Test("an Apple token whose email_verified is \"true\" links to the account with that email")
    func verifiedAppleEmail() async throws {
        let sut = try await SupabaseIDTokenWorld.make()
        let owner = try await sut.signIn(try await sut.google("ada@example.com"))
        let apple = try await sut.signIn(try await sut.apple("ada@example.com") { $0["email_verified"] = .string("true") })
        #expect(apple.user.id == owner.user.id)
    }

    @Test(
        "pre-account hijack: the attacker's unverified identity is never stored, and the owner's account is one the attacker cannot enter")
    func preAccountHijack() async throws {
        let sut = try await SupabaseIDTokenWorld.make()
        let attacker = try await sut.google("owner@example.com") {
            $0["email_verified"] = .bool(false)
            $0["sub"] = .string("attacker-sub")
        }
        for _ in 0..<2 {
            let failure = await sut.failure { () async throws(SupabaseFailure) in try await sut.signIn(attacker) }
            #expect(code(failure) == "provider_email_needs_verification", "the retry takes no returning-identity path")
        }
        #expect(sut.users.isEmpty)
        let owner = try await sut.signIn(try await sut.apple("owner@example.com"))
        #expect(owner.user.identities.map(\.provider) == ["apple"])
        let again = await sut.failure { () async throws(SupabaseFailure) in try await sut.signIn(attacker) }
        #expect(code(again) == "provider_email_needs_verification")
        #expect(sut.users.count == 1)
    }

    @Test(
        """
        with unverified email sign-ins allowed, the owner's verified sign-in strips the attacker's identity, metadata and sessions\
         (RemoveUnconfirmedIdentities)
        """
    )
    func hijackWithUnverifiedSignInsAllowed() async throws {
        let sut = try await SupabaseIDTokenWorld.make { $0.allowUnverifiedEmailSignIns = true }
        let attackerToken = try await sut.google("owner@example.com") {
            $0["email_verified"] = .bool(false)
            $0["sub"] = .string("attacker-sub")
        }
        let attacker = try await sut.signIn(attackerToken)
        #expect(attacker.user.emailConfirmedAt == nil)

        let owner = try await sut.signIn(try await sut.apple("owner@example.com"))
        #expect(owner.user.id == attacker.user.id, "GoTrue links by users.email into the unconfirmed account")
        #expect(owner.user.identities.map(\.provider) == ["apple"])
        #expect(owner.user.userMetadata["iss"] == .string("https://appleid.apple.com"), "the metadata are the verified identity's")
        #expect(owner.user.emailConfirmedAt != nil)

        let refresh = await sut.failure { () async throws(SupabaseFailure) in try await sut.engine.grantRefreshToken(attacker.refreshToken)
        }
        #expect(code(refresh) == "refresh_token_not_found", "the attacker's session ended")
        let back = try await sut.signIn(attackerToken)
        #expect(back.user.id != owner.user.id && back.user.email.isEmpty, "the attacker's token makes an empty account of its own")
    }

    @Test("with unverified email sign-ins allowed, an unconfirmed user's second device does not end the first session")
    func unconfirmedUserKeepsSessions() async throws {
        let sut = try await SupabaseIDTokenWorld.make { $0.allowUnverifiedEmailSignIns = true }
        let token = try await sut.google("unverified@example.com") { $0["email_verified"] = .bool(false) }
        let phone = try await sut.signIn(token)
        let tablet = try await sut.signIn(token)
        #expect(tablet.user.id == phone.user.id)
        #expect(try await sut.engine.grantRefreshToken(phone.refreshToken).user.id == phone.user.id)
    }

    @Test("an unconfirmed account made by requesting a code for the owner's address becomes the owner's, without the requester's metadata")
    func hijackThroughEmailCode() async throws {
        let sut = try await SupabaseIDTokenWorld.make()
        try await sut.engine.sendOTP(email: "owner@example.com", createUser: true, data: ["plan": .string("attacker")])
        let owner = try await sut.signIn(try await sut.apple("owner@example.com"))
        #expect(owner.user.identities.map(\.provider) == ["apple"])
        #expect(owner.user.userMetadata["plan"] == nil)
        let code = try #require(await sut.world.services.mailbox.latest(for: "owner@example.com")).code
        let verify = await sut.failure { () async throws(SupabaseFailure) in
            let answer = try await sut.engine.verify(SupabaseVerifyRequest(type: "email", email: "owner@example.com", token: code))
            guard case .session(let session) = answer else { throw SupabaseFailure.api(status: 200, code: "no_session", message: "") }
            return session
        }
        #expect(self.code(verify) == "otp_expired", "confirming dropped the outstanding code")
    }

    @Test("automatic linking also matches identity emails, before users.email (models/linking.go)")
    func identityEmails() async throws {
        let sut = try await SupabaseIDTokenWorld.make()
        let ada = try await sut.signIn(try await sut.apple("ada@example.com"))
        _ = try await sut.link(try await sut.google("ada.work@example.com"), to: ada)
        let other = try await sut.signIn(
            try await sut.apple("someone@example.com") {
                $0["sub"] = .string("second-apple-sub")
                $0["email"] = .string("ada.work@example.com")
            })
        #expect(other.user.id == ada.user.id)
    }

    @Test("automatic linking merges the new identity's claims into user_metadata; link_identity does not (api/identity.go)")
    func metadataMerge() async throws {
        let sut = try await SupabaseIDTokenWorld.make()
        let grace = try await sut.signIn(try await sut.google("grace@example.com"))
        #expect(grace.user.userMetadata["full_name"] == .string("Grace Hopper"))
        let linked = try await sut.signIn(try await sut.apple("grace@example.com"))
        #expect(linked.user.id == grace.user.id)
        #expect(linked.user.userMetadata["iss"] == .string("https://appleid.apple.com"), "Apple's claims overwrite")
        #expect(linked.user.userMetadata["full_name"] == .string("Grace Hopper"), "other keys stay")

        let guest = try await sut.engine.signUpAnonymously(data: [:])
        let upgraded = try await sut.link(try await sut.google("new@example.com"), to: guest)
        #expect(upgraded.user.userMetadata["full_name"] == nil && upgraded.user.userMetadata["iss"] == nil)
        #expect(upgraded.user.email == "new@example.com" && !upgraded.user.isAnonymous)
    }

    @Test("identities with one email in two accounts are GoTrue's 500 (MultipleAccounts)")
    func multipleAccounts() async throws {
        let sut = try await SupabaseIDTokenWorld.make()
        let first = try await sut.signIn(try await sut.apple("one@example.com"))
        let second = try await sut.signIn(try await sut.apple("two@example.com"))
        _ = try await sut.link(try await sut.google("shared@example.com") { $0["sub"] = .string("g1") }, to: first)
        _ = try await sut.link(try await sut.google("shared@example.com") { $0["sub"] = .string("g2") }, to: second)
        let third = try await sut.apple("three@example.com") {
            $0["email"] = .string("shared@example.com")
            $0["sub"] = .string("a3")
        }
        let failure = await sut.failure { () async throws(SupabaseFailure) in try await sut.signIn(third) }
        #expect(failure?.status == 500)
    }
}
