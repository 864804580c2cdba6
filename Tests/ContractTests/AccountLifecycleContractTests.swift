import AuthData
import AuthDomain
import AuthSimulation
import AuthTestSupport
import Crypto
import Foundation
import Testing

@Suite("Account lifecycle: link, unlink, revoke, delete")
struct AccountLifecycleContractTests {
    @Test("a guest who links Apple keeps the id and stops being anonymous", arguments: BackendFlavor.allCases)
    func guestToApple(flavor: BackendFlavor) async throws {
        let sut = try await LifecycleHarness.make(flavor)
        let guest = try await sut.signIn(.anonymous)
        #expect(guest.user.isAnonymous)
        let linked = try await sut.coordinator.link(.apple)
        #expect(linked.user.id == guest.user.id)
        #expect(!linked.user.isAnonymous)
        #expect(linked.user.providers == [.apple])
        #expect(linked.user.email == "ada@example.com")
        #expect(try await sut.store.load()?.user.id == guest.user.id)
        #expect(try await sut.backend.backend.user(accessToken: linked.session.accessToken).isAnonymous == false)
    }

    @Test(
        """
        linking an Apple identity owned by another user fails with the backend's error and loses nothing; the recovery credential signs\
         in to the owner
        """,
        arguments: BackendFlavor.allCases)
    func linkConflict(flavor: BackendFlavor) async throws {
        let owner = try await LifecycleHarness.make(flavor)
        let ownerResult = try await owner.signIn(.social(.apple))
        let guestSide = try await LifecycleHarness.make(flavor, reuse: owner.backend)
        let guest = try await guestSide.signIn(.anonymous)
        let accounts = guestSide.coordinator
        do {
            _ = try await accounts.link(.apple)
            Issue.record("linking an owned identity must fail")
        } catch AuthError.credentialAlreadyInUse(let error, let recovery) {
            #expect(error.code.rawValue == flavor.traits.linkConflictCode)
            #expect(try await guestSide.store.load()?.user.id == guest.user.id, "the guest session is kept")
            #expect(try await owner.backend.backend.user(accessToken: ownerResult.session.accessToken).providers == [.apple])
            let recovered = try await accounts.signIn(recovering: try #require(recovery))
            #expect(recovered.user.id == ownerResult.user.id)
            let ownerAppleID = try #require(try await owner.store.load()?.providerSubjects[.apple])
            #expect(
                try await guestSide.store.load()?.providerSubjects[.apple] == ownerAppleID, "kept for the credential-state check at launch")
            if flavor.traits.recoversWithPendingToken {
                #expect(recovery?.pendingToken != nil, "Firebase recovers with its pending token, not the spent Apple token")
            }
        }
    }

    @Test(
        "unlink removes a provider while another way in remains, and refuses the last one (Supabase: manual linking enabled)",
        arguments: BackendFlavor.allCases)
    func unlink(flavor: BackendFlavor) async throws {
        var settings = SupabaseSettings()
        settings.manualLinkingEnabled = true
        let sut = try await LifecycleHarness.make(flavor, googleEmail: "ada@example.com", supabase: settings)
        _ = try await sut.signIn(.social(.google))
        let both = try await sut.coordinator.link(.apple)
        #expect(Set(both.user.providers) == [.google, .apple])
        let accounts = sut.coordinator
        #expect(try await accounts.unlink(.google).providers == [.apple])
        await #expect(throws: AuthError.lastSignInMethod(.apple)) { try await accounts.unlink(.apple) }
    }

    @Test(
        """
        with the service's default settings unlink works (Firebase) or is refused with the service's code (GoTrue:\
         manual_linking_disabled)
        """,
        arguments: BackendFlavor.allCases)
    func unlinkWithDefaultSettings(flavor: BackendFlavor) async throws {
        let sut = try await LifecycleHarness.make(flavor, googleEmail: "ada@example.com")
        _ = try await sut.signIn(.social(.google))
        _ = try await sut.coordinator.link(.apple)
        let accounts = sut.coordinator
        guard let code = flavor.traits.unlinkRefusedByDefault else {
            #expect(try await accounts.unlink(.google).providers == [.apple])
            return
        }
        await sut.backend.expectFailure(code, { try await accounts.unlink(.google) }) {
            if case .backend(let error) = $0 { return error.code.rawValue == code && !$0.endsSession && !$0.isTransient }
            return false
        }
        #expect(try await sut.store.load() != nil, "the session is kept")
    }

    @Test("a revoked Apple authorization signs the user out at the next start", arguments: BackendFlavor.allCases)
    func revokedOnRestore(flavor: BackendFlavor) async throws {
        let store = InMemorySessionStore()
        let first = try await LifecycleHarness.make(flavor, store: store)
        _ = try await first.signIn(.social(.apple))
        await first.apple.revokeAuthorization(appleID: "ada@example.com", clientID: first.world.appleClientID)

        let relaunch = try await LifecycleHarness.make(flavor, store: store, reuse: first.backend, start: false)
        var events = relaunch.coordinator.authStateChanges.makeAsyncIterator()
        #expect(await relaunch.coordinator.start() == nil)
        guard case .initialSession(let initial?)? = await events.next() else {
            Issue.record("initialSession must come first")
            return
        }
        #expect(initial.stored.user.providers == [.apple])
        #expect(await events.next() == .signedOut(.providerCredentialRevoked(.apple)))
        #expect(try await store.load() == nil)
        #expect(await relaunch.coordinator.currentUser() == nil)
    }

    @Test(
        """
        delete-account revokes the Apple tokens, deletes the user, empties local state; the next sign-in is a new account with the\
         first-time sheet
        """,
        arguments: BackendFlavor.allCases)
    func deleteAccount(flavor: BackendFlavor) async throws {
        let sut = try await LifecycleHarness.make(flavor)
        let before = try await sut.signIn(.social(.apple))
        #expect(before.providerProfile.name != nil)
        var events = sut.coordinator.authStateChanges.makeAsyncIterator()
        _ = await events.next()
        try await sut.coordinator.deleteAccount()

        let revocations = await sut.apple.revocations
        #expect(revocations.count == 1)
        #expect(revocations.first?.userID == before.credential.providerUserID)
        #expect(revocations.first?.tokenKind == "refresh_token")
        #expect(try await sut.store.load() == nil)
        #expect(await sut.cache.profile(forUserID: before.user.id) == nil)
        await #expect(throws: AuthError.self) { try await sut.backend.backend.refreshSession(refreshToken: before.session.refreshToken) }
        var sawDeletion = false
        while let event = await events.next() {
            if event == .userDeleted(userID: before.user.id) {
                sawDeletion = true
                break
            }
        }
        #expect(sawDeletion)

        let again = try await sut.signIn(.social(.apple))
        #expect(again.isNewUser)
        #expect(again.user.id != before.user.id)
        #expect(again.providerProfile.name?.formatted == "Ada Lovelace", "Apple shows the first-time sheet again after revocation")
    }

    @Test(
        "Firebase wants a recent sign-in to delete: the coordinator re-authenticates with Google and deletes",
        arguments: [BackendFlavor.firebaseInProcess, .firebaseREST])
    func recentLogin(flavor: BackendFlavor) async throws {
        let sut = try await LifecycleHarness.make(flavor)
        let user = try await sut.signIn(.social(.google))
        sut.world.clock.advance(by: 600)
        try await sut.coordinator.deleteAccount()
        #expect(try await sut.store.load() == nil)
        await #expect(throws: AuthError.self) { try await sut.backend.backend.user(accessToken: user.session.accessToken) }
    }
}
