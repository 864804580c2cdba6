import AuthData
import AuthDomain
import AuthTestSupport
import Foundation
import Testing

@testable import AuthSimulation

/// `createAuthUri` with a provider and the `signInWithIdp` that finishes it with a `sessionId`
/// (Firebase's `OAuthProvider` redirect flow; Google's emulator answers 501 here, production
/// returns an `authUri`).
@Suite("Firebase redirect sign-in")
struct FirebaseRedirectSignInTests {
    private let base = "http://127.0.0.1:9999"
    private let continueUri = "http://127.0.0.1:5555/callback"

    private func start(_ fixture: FirebaseEngineFixture, provider: String = "google.com") throws -> (sessionId: String, state: String) {
        let answer = try fixture.engine.createAuthUri(providerId: provider, continueUri: continueUri, base: base)
        let authUri = try #require(answer.authUri)
        let url = try #require(URLComponents(string: authUri))
        #expect(url.path == (provider == "google.com" ? "/google/o/oauth2/v2/auth" : "/appleid/auth/authorize"))
        #expect(url.queryItems?.first { $0.name == "redirect_uri" }?.value == continueUri)
        return (try #require(answer.sessionId), try #require(url.queryItems?.first { $0.name == "state" }?.value))
    }

    private func googleCode(_ fixture: FirebaseEngineFixture) async throws -> String {
        try await fixture.world.services.google.authorize(
            GoogleAuthorizationRequest(
                clientID: fixture.world.googleClientID, redirectURI: continueUri, email: "grace@gmail.com", name: nil, nonce: nil,
                codeChallenge: nil, codeChallengeMethod: nil))
    }

    @Test("the code that comes back to continueUri with the session's state signs in; the session works once")
    func roundTrip() async throws {
        let fixture = try await FirebaseEngineFixture.make()
        let (sessionId, state) = try start(fixture)
        let code = try await googleCode(fixture)
        let request = FirebaseIdpRequest(
            requestUri: "\(continueUri)?state=\(state)&code=\(code)", postBody: nil, returnSecureToken: true,
            returnIdpCredential: true, sessionId: sessionId)
        let response = try await fixture.engine.signInWithIdp(request)
        #expect(response.email == "grace@gmail.com" && response.idToken != nil && response.isNewUser == true)
        await #expect(throws: FirebaseFailure.self) { try await fixture.engine.signInWithIdp(request) }
    }

    @Test("a state that is not the session's is INVALID_IDP_RESPONSE; another URI than continueUri is INVALID_REQUEST_URI")
    func forgedAnswers() async throws {
        let fixture = try await FirebaseEngineFixture.make()
        let (sessionId, _) = try start(fixture)
        let code = try await googleCode(fixture)
        do {
            _ = try await fixture.engine.signInWithIdp(
                FirebaseIdpRequest(
                    requestUri: "\(continueUri)?state=forged&code=\(code)", postBody: nil, returnSecureToken: true,
                    returnIdpCredential: true, sessionId: sessionId))
            Issue.record("a forged state must be refused")
        } catch {
            #expect(error.message.hasPrefix("INVALID_IDP_RESPONSE"))
        }
        let (other, state) = try start(fixture)
        do {
            _ = try await fixture.engine.signInWithIdp(
                FirebaseIdpRequest(
                    requestUri: "http://127.0.0.1:6666/elsewhere?state=\(state)&code=\(code)", postBody: nil, returnSecureToken: true,
                    returnIdpCredential: true, sessionId: other))
            Issue.record("another redirect URI must be refused")
        } catch {
            #expect(error.message.hasPrefix("INVALID_REQUEST_URI"))
        }
    }

    @Test("createAuthUri refuses a missing or relative continueUri and an unknown provider")
    func badRequests() async throws {
        let fixture = try await FirebaseEngineFixture.make()
        #expect(throws: FirebaseFailure.self) { try fixture.engine.createAuthUri(providerId: "google.com", continueUri: nil, base: base) }
        #expect(throws: FirebaseFailure.self) {
            try fixture.engine.createAuthUri(providerId: "google.com", continueUri: "/relative", base: base)
        }
        #expect(throws: FirebaseFailure.self) {
            try fixture.engine.createAuthUri(providerId: "github.com", continueUri: continueUri, base: base)
        }
    }
}
