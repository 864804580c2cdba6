import AuthData
import AuthDomain
import AuthEmulator
import AuthSimulation
import AuthTestSupport
import Foundation
import Logging
import Testing

/// Browser sign-in end to end on loopback: the REST adapters against `login serve`'s engines,
/// the strategy with a real loopback redirect listener, and a scripted browser that loads the
/// simulated providers' pages and submits their forms (the Chromium tests in Tests/Browser do the
/// same in a real browser). GoTrue `api/external.go` and `api/token.go` (PKCE); Firebase
/// `createAuthUri` + `signInWithIdp` with `sessionId`.
@Suite("Browser sign-in end to end", .timeLimit(.minutes(5)))
struct WebSignInEndToEndTests {
    enum Backend: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case supabase, firebase
        var testDescription: String { rawValue }
    }

    /// What the person does in the browser.
    enum Person: Sendable {
        case apple(appleID: String, first: String?, last: String?, hide: Bool)
        case appleCancel
        case google(email: String, name: String?)
        case googleCancel
    }

    private struct SUT {
        let world: TestWorld
        let emulator: RunningEmulator
        let backend: any AuthBackend & WebSignInBackend
    }

    private func makeSUT(_ backend: Backend) async throws -> SUT {
        var setup = SimulationConfiguration()
        setup.supabase.manualLinkingEnabled = true
        let world = try await TestWorld.make(configuration: setup)
        let emulator = try await RunningEmulator.start(services: world.services)
        let clock = AuthClock(now: { world.clock.now }, sleep: AuthClock.live.sleep)
        switch backend {
        case .supabase:
            return SUT(
                world: world, emulator: emulator,
                backend: SupabaseAuthBackend(
                    configuration: SupabaseConfiguration(projectURL: emulator.baseURL, apiKey: emulator.emulator.anonKey),
                    transport: .urlSession(), clock: clock))
        case .firebase:
            var configuration = FirebaseConfiguration(
                apiKey: "test", projectID: world.services.configuration.firebaseProjectID, emulatorHost: "127.0.0.1:\(emulator.port)")
            configuration.adminToken = "owner"
            return SUT(
                world: world, emulator: emulator,
                backend: FirebaseAuthBackend(configuration: configuration, transport: .urlSession(), clock: clock))
        }
    }

    /// The strategy, whose listener hands the authorization URL to a scripted browser run by `person`.
    private func strategy(_ sut: SUT, provider: ProviderID, person: Person, cache: InMemoryProfileCache = InMemoryProfileCache())
        -> WebRedirectAuthStrategy
    {
        let listener = LoopbackRedirectListener(timeout: .seconds(30)) { url in
            Task { try await Self.browse(url, as: person) }
        }
        return WebRedirectAuthStrategy(
            provider: provider, session: listener, backend: sut.backend, random: .live, profileCache: cache, logger: Logger(label: "test"))
    }

    /// Walks the provider's pages as the person would.
    private static func browse(_ url: URL, as person: Person) async throws {
        let browser = ScriptedBrowser()
        var page = try await browser.open(url)
        switch person {
        case .apple(let appleID, let first, let last, let hide):
            page = try await browser.submit(page, typed: [("apple_id", appleID)])
            var typed: [(String, String)] = [("decision", "continue")]
            if page.html.contains("id=\"first_name\"") {
                typed += [("first_name", first ?? ""), ("last_name", last ?? ""), ("email_choice", hide ? "hide" : "share")]
            }
            page = try await browser.submit(page, typed: typed)
            _ = try await browser.submit(page, typed: []) // Apple's form_post, as its script does
        case .appleCancel:
            page = try await browser.submit(page, typed: [("decision", "cancel")], formAction: "/appleid/auth/authorize/decision")
            _ = try await browser.submit(page, typed: [])
        case .google(let email, let name):
            _ = try await browser.submit(page, typed: [("email", email), ("name", name ?? ""), ("decision", "continue")])
        case .googleCancel:
            _ = try await browser.submit(page, typed: [("decision", "cancel")])
        }
    }

    private func authenticated(_ outcome: SignInOutcome) throws -> AuthenticationResult {
        guard case .authenticated(let result) = outcome else { throw AuthError.invalidInput("expected a sign-in") }
        return result
    }

    @Test(
        "Apple through the browser: the first time with name and Hide My Email is a new user with that name; then a returning one",
        arguments: Backend.allCases)
    func appleFirstThenReturning(backend: Backend) async throws {
        let sut = try await makeSUT(backend)
        let cache = InMemoryProfileCache()
        let first = try authenticated(
            try await strategy(
                sut, provider: .apple, person: .apple(appleID: "ada.web@example.com", first: "Ada", last: "Lovelace", hide: true),
                cache: cache
            )
            .signIn(with: .social(.apple)))
        #expect(first.isNewUser)
        #expect(first.user.displayName == "Ada Lovelace")
        #expect(first.user.email?.hasSuffix("@privaterelay.appleid.com") == true)
        #expect(first.user.providers == [.apple])
        #expect(await cache.profile(forUserID: first.user.id)?.name == PersonName(givenName: "Ada", familyName: "Lovelace"))
        sut.world.clock.advance(by: 60)
        let again = try authenticated(
            try await strategy(sut, provider: .apple, person: .apple(appleID: "ada.web@example.com", first: nil, last: nil, hide: false))
                .signIn(with: .social(.apple)))
        #expect(!again.isNewUser)
        #expect(again.user.id == first.user.id)
        #expect(try await sut.backend.user(accessToken: again.session.accessToken).id == first.user.id)
        // GoTrue api/token.go (PKCE) hands over Apple's tokens as provider_token and
        // provider_refresh_token; Google's Identity Toolkit answers none here.
        #expect((first.session.providerTokens?.refreshToken != nil) == (backend == .supabase))
        #expect((first.session.providerTokens?.accessToken != nil) == (backend == .supabase))
        #expect(
            try await sut.backend.refreshSession(refreshToken: again.session.refreshToken).providerTokens == nil, "a refresh answers none")
    }

    @Test("Google through the browser signs in; the session refreshes", arguments: Backend.allCases)
    func google(backend: Backend) async throws {
        let sut = try await makeSUT(backend)
        let result = try authenticated(
            try await strategy(sut, provider: .google, person: .google(email: "grace.web@gmail.com", name: "Grace Hopper"))
                .signIn(with: .social(.google)))
        #expect(result.isNewUser)
        #expect(result.user.email == "grace.web@gmail.com")
        #expect(result.user.providers == [.google])
        #expect(try await sut.backend.refreshSession(refreshToken: result.session.refreshToken).userID == result.user.id)
    }

    @Test("cancelling at Apple or at Google is a cancellation", arguments: Backend.allCases)
    func cancel(backend: Backend) async throws {
        let sut = try await makeSUT(backend)
        await #expect(throws: AuthError.cancelled) {
            try await strategy(sut, provider: .apple, person: .appleCancel).signIn(with: .social(.apple))
        }
        await #expect(throws: AuthError.cancelled) {
            try await strategy(sut, provider: .google, person: .googleCancel).signIn(with: .social(.google))
        }
    }

    @Test("a guest links Google through the browser and keeps its id", arguments: Backend.allCases)
    func linkGuest(backend: Backend) async throws {
        let sut = try await makeSUT(backend)
        let guest = try await sut.backend.signInAnonymously()
        let linked = try await strategy(sut, provider: .google, person: .google(email: "guest.web@gmail.com", name: nil))
            .link(toAccountWith: guest.session.accessToken)
        #expect(linked.user.id == guest.user.id)
        #expect(linked.user.providers.contains(.google))
        #expect(!linked.user.isAnonymous)
    }
}
