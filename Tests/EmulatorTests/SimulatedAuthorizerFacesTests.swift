import AuthData
import AuthDomain
import AuthEmulator
import AuthJWT
import AuthSimulation
import AuthTestSupport
import Foundation
import Testing

/// One authorizer per identity provider, over either face of its API: the simulated provider in
/// process, or the emulator's `/appleid` and `/google` routes over HTTP (here the emulator's
/// in-process transport, the same route code a loopback socket reaches). Both faces give the
/// authorizer the same answers, so the sheets' rules (name and email on the first Apple
/// authorization only, only for the scopes asked) are written once.
@Suite("Simulated authorizers: one authorizer, in-process and HTTP faces")
struct SimulatedAuthorizerFacesTests {
    enum Face: String, CaseIterable, Sendable {
        case inProcess, http
    }

    private struct SUT {
        let harness: EmulatorHarness
        let apple: any SimulatedAppleIDAPI
        let google: any SimulatedGoogleAPI
    }

    private func makeSUT(_ face: Face) async throws -> SUT {
        let harness = try await EmulatorHarness.make()
        switch face {
        case .inProcess:
            return SUT(
                harness: harness, apple: InProcessAppleIDAPI(appleID: harness.world.services.apple),
                google: InProcessGoogleAPI(google: harness.world.services.google))
        case .http:
            let providers = HTTPSimulatedProviders(
                baseURL: try #require(URL(string: "http://127.0.0.1")), transport: harness.emulator.inProcessTransport)
            return SUT(harness: harness, apple: HTTPAppleIDAPI(providers: providers), google: HTTPGoogleAPI(providers: providers))
        }
    }

    private func appleAuthorizer(_ sut: SUT, choice: AppleSheetChoice) -> SimulatedAppleIDAuthorizer {
        SimulatedAppleIDAuthorizer(api: sut.apple, clientID: sut.harness.world.appleClientID, deviceAppleID: choice.appleID) { _ in choice }
    }

    @Test("Apple: name and email on the first authorization only, the same user after, the nonce in the token", arguments: Face.allCases)
    func appleFirstAuthorization(face: Face) async throws {
        let sut = try await makeSUT(face)
        let name = PersonName(givenName: "Ada", familyName: "Lovelace")
        let authorizer = appleAuthorizer(sut, choice: AppleSheetChoice(appleID: "ada@example.com", name: name))
        let request = AppleIDRequest(scopes: [.fullName, .email], nonce: "n-hash")
        let clientID = sut.harness.world.appleClientID
        #expect(try await sut.apple.isFirstAuthorization(appleID: "ada@example.com", clientID: clientID))

        let first = try await authorizer.authorize(request)
        #expect(first.email == "ada@example.com")
        #expect(first.fullName == name)
        #expect(try await !sut.apple.isFirstAuthorization(appleID: "ada@example.com", clientID: clientID))

        let second = try await authorizer.authorize(request)
        #expect(second.user == first.user)
        #expect(second.email == nil && second.fullName == nil)
        let token = try #require(second.identityToken?.revealed)
        #expect(TokenForge.decode(token).claims["nonce"] == .string("n-hash"))
        #expect(try await authorizer.credentialState(forUserID: first.user) == .authorized)
    }

    @Test("Apple: without the email scope no email reaches the app, even the first time", arguments: Face.allCases)
    func appleScopes(face: Face) async throws {
        let sut = try await makeSUT(face)
        let choice = AppleSheetChoice(appleID: "grace@example.com", name: PersonName(givenName: "Grace", familyName: nil))
        let authorizer = appleAuthorizer(sut, choice: choice)
        let credential = try await authorizer.authorize(AppleIDRequest(scopes: [], nonce: nil))
        #expect(credential.email == nil)
        #expect(credential.fullName == nil)
    }

    @Test("Apple: a dismissed sheet is cancelled on either face", arguments: Face.allCases)
    func appleCancel(face: Face) async throws {
        let sut = try await makeSUT(face)
        let authorizer = appleAuthorizer(sut, choice: AppleSheetChoice(appleID: "ada@example.com", cancel: true))
        await #expect(throws: AuthError.cancelled) { _ = try await authorizer.authorize(AppleIDRequest(scopes: [.email], nonce: nil)) }
    }

    @Test(
        "Google: an ID token for the client with the nonce, and the account's email; a dismissed chooser is cancelled",
        arguments: Face.allCases)
    func google(face: Face) async throws {
        let sut = try await makeSUT(face)
        let clientID = sut.harness.world.googleClientID
        let name = PersonName(givenName: "Grace", familyName: "Hopper")
        let choice = SimulatedGoogleAuthorizer.Choice(email: "grace@example.com", name: name)
        let authorizer = SimulatedGoogleAuthorizer(api: sut.google, clientID: clientID) { choice }
        let credential = try await authorizer.signIn(GoogleSignInRequest(nonce: "g-nonce"))
        let claims = TokenForge.decode(try #require(credential.idToken?.revealed)).claims
        #expect(claims["aud"] == .string(clientID))
        #expect(claims["nonce"] == .string("g-nonce"))
        #expect(credential.email == "grace@example.com")
        #expect(credential.name?.formatted == "Grace Hopper")
        #expect(credential.accessToken?.revealed.hasPrefix("ya29.") == true)

        let dismissed = SimulatedGoogleAuthorizer(api: sut.google, clientID: clientID) { .init(email: "grace@example.com", cancel: true) }
        await #expect(throws: AuthError.cancelled) { _ = try await dismissed.signIn(GoogleSignInRequest(nonce: nil)) }
    }
}
