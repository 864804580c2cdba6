import AuthData
import AuthDomain
import AuthTestSupport
import Foundation
import Logging
import Testing

/// The browser sign-in strategy against a stub backend and a stub browser: PKCE, `state`, the
/// provider's cancel, and the same result as the native path.
@Suite("Browser sign-in strategy")
struct WebRedirectAuthStrategyTests {
    private struct SUT {
        let strategy: WebRedirectAuthStrategy
        let backend: StubBackend
        let cache: InMemoryProfileCache
    }

    private func makeSUT(_ browser: StubBrowser, provider: ProviderID = .apple, isNewUser: Bool = true) -> SUT {
        let backend = StubBackend(isNewUser: isNewUser)
        let cache = InMemoryProfileCache()
        let strategy = WebRedirectAuthStrategy(
            provider: provider, session: browser, backend: backend, random: .live, profileCache: cache, logger: Logger(label: "test"))
        return SUT(strategy: strategy, backend: backend, cache: cache)
    }

    private func query(_ url: URL, _ name: String) -> String? {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == name }?.value
    }

    @Test("the backend gets the S256 challenge of the verifier it is later given; the code comes back to it")
    func pkceRoundTrip() async throws {
        let browser = StubBrowser.approving(code: "abc")
        let sut = makeSUT(browser)
        guard case .authenticated(let result) = try await sut.strategy.signIn(with: .social(.apple)) else {
            Issue.record("not signed in")
            return
        }
        let shown = try #require(browser.shownURLs.first)
        let calls = await sut.backend.calls
        guard
            case .finishWebSignIn(let code, let verifierChallenge)? = calls.first(where: {
                if case .finishWebSignIn = $0 { return true }
                return false
            })
        else {
            Issue.record("no finish")
            return
        }
        #expect(code == "abc")
        #expect(verifierChallenge == query(shown, "code_challenge"), "the verifier sent is the one whose challenge went out")
        #expect(calls.first == .startWebSignIn(.apple, linking: false))
        #expect(result.credential.provider == .apple)
        #expect(result.user.id == StubBackend.sampleUser.id)
    }

    @Test("each attempt has a new state and a new verifier")
    func freshPerAttempt() async throws {
        let browser = StubBrowser.approving()
        let sut = makeSUT(browser)
        _ = try await sut.strategy.signIn(with: .social(.apple))
        _ = try await sut.strategy.signIn(with: .social(.apple))
        let states = browser.shownURLs.map { query($0, "state") }
        let challenges = browser.shownURLs.map { query($0, "code_challenge") }
        #expect(states.count == 2 && states[0] != states[1])
        #expect(challenges[0] != challenges[1])
    }

    @Test("a redirect with another state is refused before the backend sees the code")
    func stateMismatch() async throws {
        let browser = StubBrowser { _, redirect throws(AuthError) in URL(string: redirect.absoluteString + "?code=x&state=forged")! }
        let sut = makeSUT(browser)
        await #expect(throws: AuthError.invalidCredential("the redirect's state does not match this sign-in")) {
            try await sut.strategy.signIn(with: .social(.apple))
        }
        #expect(await sut.backend.calls == [.startWebSignIn(.apple, linking: false)])
    }

    @Test(
        "Apple's user_cancelled_authorize and Google's access_denied are a cancel",
        arguments: [
            (ProviderID.apple, "user_cancelled_authorize"), (.google, "access_denied"),
        ])
    func providerCancel(provider: ProviderID, error: String) async throws {
        let browser = StubBrowser { authorization, redirect throws(AuthError) in
            let state = URLComponents(url: authorization, resolvingAgainstBaseURL: false)!.queryItems!.first { $0.name == "state" }!.value!
            return URL(string: redirect.absoluteString + "?error=\(error)&state=\(state)")!
        }
        let sut = makeSUT(browser, provider: provider)
        await #expect(throws: AuthError.cancelled) { try await sut.strategy.signIn(with: .social(provider)) }
    }

    @Test("Apple's user field on a first authorization: the name goes to the profile cache and the backend, as on the native path")
    func firstAuthorizationName() async throws {
        let user = #"{"name":{"firstName":"Ada","lastName":"Lovelace"},"email":"ada@example.com"}"#
        let sut = makeSUT(.approving(extra: ["user": user]))
        guard case .authenticated(let result) = try await sut.strategy.signIn(with: .social(.apple)) else {
            Issue.record("not signed in")
            return
        }
        #expect(result.providerProfile.name == PersonName(givenName: "Ada", familyName: "Lovelace"))
        #expect(await sut.cache.profile(forUserID: result.user.id)?.name == PersonName(givenName: "Ada", familyName: "Lovelace"))
        #expect(await sut.backend.calls.contains(.updateProfile(ProfileUpdate(name: PersonName(givenName: "Ada", familyName: "Lovelace")))))
        #expect(result.user.displayName == "Ada Lovelace")
    }

    @Test("linking through the browser sends the signed-in user's token")
    func linking() async throws {
        let sut = makeSUT(.approving())
        _ = try await sut.strategy.link(toAccountWith: Secret("access"))
        #expect(await sut.backend.calls.first == .startWebSignIn(.apple, linking: true))
    }
}
