import AuthData
import AuthDomain
import AuthSimulation
import AuthTestSupport
import Testing

@Suite("Backend contract: Sign in with Apple")
struct AppleSignInContractTests {
    @Test("a new Apple user is created, verified, and keeps the name written after sign-in", arguments: BackendFlavor.allCases)
    func newAppleUser(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.make(flavor)
        let (credential, apple) = try await sut.appleCredential()
        #expect(apple.fullName?.formatted == "Ada Lovelace")
        #expect(apple.email == "ada@example.com")

        let signIn = try await sut.backend.signIn(with: credential)
        #expect(signIn.isNewUser)
        #expect(signIn.user.email == "ada@example.com")
        #expect(signIn.user.isEmailVerified)
        #expect(!signIn.user.isAnonymous)
        #expect(!signIn.user.isPrivateRelayEmail)
        #expect(signIn.user.providers == [.apple])
        #expect(signIn.session.userID == signIn.user.id)
        #expect(signIn.session.expiresAt > sut.clock.now)

        let named = try await sut.backend.updateProfile(ProfileUpdate(name: apple.fullName!), accessToken: signIn.session.accessToken)
        #expect(named.displayName == "Ada Lovelace")
        #expect(try await sut.backend.user(accessToken: signIn.session.accessToken).displayName == "Ada Lovelace")
    }

    @Test("a returning Apple user gets no name from Apple but the same account and the stored name", arguments: BackendFlavor.allCases)
    func returningAppleUser(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.make(flavor)
        let (first, apple) = try await sut.appleCredential()
        let created = try await sut.backend.signIn(with: first)
        _ = try await sut.backend.updateProfile(ProfileUpdate(name: apple.fullName!), accessToken: created.session.accessToken)

        sut.clock.advance(by: 60)
        let (second, again) = try await sut.appleCredential(name: PersonName(givenName: "Someone", familyName: "Else"))
        #expect(again.fullName == nil, "Apple shares the name on the first authorization only")
        #expect(again.email == nil, "Apple shares the email outside the token on the first authorization only")
        #expect(again.user == apple.user)

        let returning = try await sut.backend.signIn(with: second)
        #expect(!returning.isNewUser)
        #expect(returning.user.id == created.user.id)
        #expect(returning.user.displayName == "Ada Lovelace")
        #expect(returning.user.email == "ada@example.com")
    }

    @Test("Hide My Email gives a stable relay address flagged as private", arguments: BackendFlavor.allCases)
    func hideMyEmail(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.make(flavor)
        let (credential, apple) = try await sut.appleCredential(appleID: "private@example.com", hideEmail: true)
        let relay = try #require(apple.email)
        #expect(relay.hasSuffix("@privaterelay.appleid.com"))

        let signIn = try await sut.backend.signIn(with: credential)
        #expect(signIn.user.email == relay)
        #expect(signIn.user.isPrivateRelayEmail)

        sut.clock.advance(by: 60)
        let (again, _) = try await sut.appleCredential(appleID: "private@example.com", hideEmail: false)
        let returning = try await sut.backend.signIn(with: again)
        #expect(returning.user.email == relay, "the choice made on the first sheet holds")
        #expect(returning.user.id == signIn.user.id)
    }

    @Test("Google sign-in takes the name and email from the token", arguments: BackendFlavor.allCases)
    func google(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.make(flavor)
        let signIn = try await sut.backend.signIn(with: try await sut.googleCredential())
        #expect(signIn.isNewUser)
        #expect(signIn.user.email == "grace@example.com")
        #expect(signIn.user.displayName == "Grace Hopper")
        #expect(signIn.user.providers == [.google])
        #expect(signIn.user.isEmailVerified)

        let again = try await sut.backend.signIn(with: try await sut.googleCredential())
        #expect(!again.isNewUser)
        #expect(again.user.id == signIn.user.id)
    }

    @Test("a guest account is anonymous, new, and has no providers", arguments: BackendFlavor.allCases)
    func anonymous(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.make(flavor)
        let guest = try await sut.backend.signInAnonymously()
        #expect(guest.isNewUser)
        #expect(guest.user.isAnonymous)
        #expect(guest.user.providers.isEmpty)
        #expect(guest.user.email == nil)
        let other = try await sut.backend.signInAnonymously()
        #expect(other.user.id != guest.user.id)
        #expect(try await sut.backend.user(accessToken: guest.session.accessToken).id == guest.user.id)
    }

    @Test(
        "an Apple identity with the email of an existing Google account links (Supabase) or asks to confirm (Firebase)",
        arguments: BackendFlavor.allCases)
    func sameEmailAcrossProviders(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.make(flavor)
        let google = try await sut.backend.signIn(with: try await sut.googleCredential(email: "shared@example.com"))
        let (apple, _) = try await sut.appleCredential(appleID: "shared@example.com")
        if flavor.traits.linksSameEmailAutomatically {
            let linked = try await sut.backend.signIn(with: apple)
            #expect(linked.user.id == google.user.id)
            #expect(!linked.isNewUser)
            #expect(linked.user.providers == [.google, .apple])
        } else {
            await sut.expectFailure("accountExists", { try await sut.backend.signIn(with: apple) }) {
                guard case .accountExists(let link) = $0 else { return false }
                return link.email == "shared@example.com" && link.providers == [.google] && link.credential.provider == .apple
            }
        }
    }

    @Test("a replayed Apple token is refused by Firebase and accepted again by Supabase", arguments: BackendFlavor.allCases)
    func replayedAppleToken(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.make(flavor)
        let (credential, _) = try await sut.appleCredential()
        let first = try await sut.backend.signIn(with: credential)
        if flavor.traits.acceptsReplayedAppleToken {
            let again = try await sut.backend.signIn(with: credential)
            #expect(again.user.id == first.user.id)
        } else {
            await sut.expectFailure("a duplicate-credential refusal", { try await sut.backend.signIn(with: credential) }) {
                if case .invalidCredential(let reason) = $0 { return reason.hasPrefix("Duplicate credential") }
                return false
            }
        }
    }
}
