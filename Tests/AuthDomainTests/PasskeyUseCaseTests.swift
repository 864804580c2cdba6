import AuthDomain
import Foundation
import Testing

/// Passkey operations over the ports: what reaches the backend and the authenticator, in order,
/// and what is refused before anything is sent.
@Suite("Passkey use case")
struct PasskeyUseCaseTests {
    /// A backend that records each call and answers with fixed ceremonies.
    private actor Backend: PasskeyBackend {
        var calls: [String] = []
        var finishedAttestation: PasskeyAttestation?
        var finishedAssertion: PasskeyAssertion?

        func beginPasskeyRegistration(session: AuthSession) async throws(AuthError) -> PasskeyCeremony<PasskeyCreationOptions> {
            calls.append("beginRegistration")
            return PasskeyCeremony(challengeID: "c-reg", options: PasskeyUseCaseTests.creation)
        }
        func finishPasskeyRegistration(
            _ attestation: PasskeyAttestation, challengeID: String?, name: String?, session: AuthSession
        ) async throws(AuthError) -> Passkey {
            calls.append("finishRegistration \(challengeID ?? "-") \(name ?? "-")")
            finishedAttestation = attestation
            return Passkey(id: "p1", friendlyName: name ?? "Passkey", createdAt: nil)
        }
        func beginPasskeySignIn() async throws(AuthError) -> PasskeyCeremony<PasskeyRequestOptions> {
            calls.append("beginSignIn")
            let options = PasskeyRequestOptions(challenge: Data([9, 9]), relyingPartyID: "example.com")
            return PasskeyCeremony(challengeID: nil, options: options)
        }
        func finishPasskeySignIn(_ assertion: PasskeyAssertion, challengeID: String?) async throws(AuthError) -> AuthenticationResult {
            calls.append("finishSignIn \(challengeID ?? "-")")
            finishedAssertion = assertion
            return PasskeyUseCaseTests.result
        }
        func passkeys(session: AuthSession) async throws(AuthError) -> [Passkey] {
            calls.append("list")
            return [Passkey(id: "p1", friendlyName: "Laptop", createdAt: nil)]
        }
        func renamePasskey(id: String, to name: String, session: AuthSession) async throws(AuthError) -> Passkey {
            calls.append("rename \(id) \(name)")
            return Passkey(id: id, friendlyName: name, createdAt: nil)
        }
        func deletePasskey(id: String, session: AuthSession) async throws(AuthError) {
            calls.append("delete \(id)")
        }
    }

    /// An authenticator that echoes the challenge it was given, or refuses as told.
    private struct Authenticator: PasskeyAuthenticating {
        var failure: AuthError?

        func createPasskey(_ options: PasskeyCreationOptions) async throws(AuthError) -> PasskeyAttestation {
            if let failure { throw failure }
            return PasskeyAttestation(credentialID: Data([1]), clientDataJSON: options.challenge, attestationObject: options.userHandle)
        }
        func assertPasskey(_ options: PasskeyRequestOptions) async throws(AuthError) -> PasskeyAssertion {
            if let failure { throw failure }
            return PasskeyAssertion(
                credentialID: Data([1]), clientDataJSON: options.challenge, authenticatorData: Data(), signature: Data([7]),
                userHandle: Data("u1".utf8))
        }
    }

    private static let creation = PasskeyCreationOptions(
        challenge: Data([1, 2, 3]), relyingPartyID: "example.com", relyingPartyName: "Example", userHandle: Data("u1".utf8),
        userName: "ada@example.com", excludedCredentialIDs: [])
    private static let session = AuthSession(
        accessToken: "a", refreshToken: "r", expiresAt: Date(timeIntervalSince1970: 2_000_000_000), userID: "u1")
    private static let user = AuthUser(
        id: "u1", email: "ada@example.com", displayName: nil, isEmailVerified: true, isAnonymous: false, providers: [.emailCode])
    private static let result = AuthenticationResult(
        user: user, credential: AuthCredential(provider: .passkey, providerUserID: "u1"), session: session, isNewUser: false)

    private func makeSUT(failure: AuthError? = nil) -> (PasskeyUseCase, Backend) {
        let backend = Backend()
        return (PasskeyUseCase(backend: backend, authenticator: Authenticator(failure: failure)), backend)
    }

    @Test("Registering sends the authenticator's attestation for the backend's own ceremony")
    func registers() async throws {
        let (sut, backend) = makeSUT()
        let passkey = try await sut.register(for: Self.user, session: Self.session, name: "Laptop")
        #expect(passkey.friendlyName == "Laptop")
        #expect(await backend.calls == ["beginRegistration", "finishRegistration c-reg Laptop"])
        #expect(await backend.finishedAttestation?.clientDataJSON == Self.creation.challenge)
    }

    /// GoTrue internal/api/passkey_registration.go refuses anonymous users (403 `no_authorization`);
    /// here nothing is sent for them.
    @Test("An anonymous user is refused before any request")
    func refusesAnonymous() async {
        let (sut, backend) = makeSUT()
        var guest = Self.user
        guest.isAnonymous = true
        await #expect(throws: AuthError.invalidInput("an anonymous user cannot register a passkey")) {
            try await sut.register(for: guest, session: Self.session, name: nil)
        }
        #expect(await backend.calls.isEmpty)
    }

    @Test("A session of another user is refused before any request")
    func refusesOtherSession() async {
        let (sut, backend) = makeSUT()
        var other = Self.session
        other.userID = "u2"
        await #expect(throws: AuthError.notSignedIn) {
            try await sut.register(for: Self.user, session: other, name: nil)
        }
        #expect(await backend.calls.isEmpty)
    }

    @Test("Signing in sends the assertion over the backend's challenge, no username")
    func signsIn() async throws {
        let (sut, backend) = makeSUT()
        let signedIn = try await sut.signIn()
        #expect(signedIn == Self.result)
        #expect(await backend.calls == ["beginSignIn", "finishSignIn -"])
        #expect(await backend.finishedAssertion?.clientDataJSON == Data([9, 9]))
    }

    @Test("A dismissed authenticator ends the sign-in as cancelled, and nothing is finished")
    func cancelled() async {
        let (sut, backend) = makeSUT(failure: .cancelled)
        await #expect(throws: AuthError.cancelled) { try await sut.signIn() }
        #expect(await backend.calls == ["beginSignIn"])
    }

    /// GoTrue internal/api/passkey_manage.go `PasskeyUpdate`: `friendly_name` required, at most
    /// 120 bytes (Go's `len` counts bytes).
    @Test("Renaming takes 1 to 120 UTF-8 bytes")
    func renameBounds() async throws {
        let (sut, backend) = makeSUT()
        await #expect(throws: AuthError.self) { try await sut.rename(id: "p1", to: "", session: Self.session) }
        let tooLong = String(repeating: "é", count: 61)
        await #expect(throws: AuthError.self) { try await sut.rename(id: "p1", to: tooLong, session: Self.session) }
        let longest = String(repeating: "é", count: 60)
        #expect(try await sut.rename(id: "p1", to: longest, session: Self.session).friendlyName == longest)
        #expect(await backend.calls == ["rename p1 \(longest)"])
    }

    @Test("Listing and deleting go to the backend with the session")
    func listAndDelete() async throws {
        let (sut, backend) = makeSUT()
        #expect(try await sut.list(session: Self.session).map(\.id) == ["p1"])
        try await sut.delete(id: "p1", session: Self.session)
        #expect(await backend.calls == ["list", "delete p1"])
    }
}
