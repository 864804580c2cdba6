import AuthData
import AuthDomain
import AuthTestSupport
import Foundation
import Testing

/// Every outgoing request of each Firebase REST call, compared with a committed snapshot.
@Suite("Firebase REST adapter: outgoing requests")
struct FirebaseRequestSnapshotTests {
    private static let lookup =
        #"""
        {"kind":"identitytoolkit#GetAccountInfoResponse","users":[{"localId":"uid123","email":"ada@example.com","emailVerified":true,"\#
        displayName":"Ada Lovelace","providerUserInfo":[{"providerId":"apple.com","rawId":"001234.abcd.1234","federatedId":"001234.abc\#
        d.1234","email":"ada@example.com"}],"createdAt":"1767225600000","lastLoginAt":"1767225600000"}]}
        """#
    private static let idp =
        #"""
        {"kind":"identitytoolkit#VerifyAssertionResponse","federatedId":"001234.abcd.1234","providerId":"apple.com","localId":"uid123"\#
        ,"email":"ada@example.com","idToken":"firebase.id.token","refreshToken":"AMf-refresh","expiresIn":"3600","isNewUser":true}
        """#

    private func makeSUT(emulator: Bool = false) -> (FirebaseAuthBackend, RecordingTransport) {
        let transport = RecordingTransport(responses: [
            "accounts:signInWithIdp": RecordingTransport.json(Self.idp),
            "accounts:lookup": RecordingTransport.json(Self.lookup),
            "accounts:signUp": RecordingTransport.json(
                #"""
                {"kind":"identitytoolkit#SignupNewUserResponse","localId":"uid123","idToken":"firebase.id.token","refreshToken":"AMf-r\#
                efresh","expiresIn":"3600"}
                """#
            ),
            "accounts:update": RecordingTransport.json(#"{"kind":"identitytoolkit#SetAccountInfoResponse","localId":"uid123"}"#),
            "accounts:delete": RecordingTransport.json(#"{"kind":"identitytoolkit#DeleteAccountResponse"}"#),
            "accounts:sendOobCode": RecordingTransport.json(
                #"{"kind":"identitytoolkit#GetOobConfirmationCodeResponse","email":"ada@example.com"}"#),
            "accounts:signInWithEmailLink": RecordingTransport.json(
                #"""
                {"kind":"identitytoolkit#EmailLinkSigninResponse","email":"ada@example.com","localId":"uid123","isNewUser":false,"idTo\#
                ken":"firebase.id.token","refreshToken":"AMf-refresh","expiresIn":"3600"}
                """#
            ),
            "/v1/token": RecordingTransport.json(
                #"""
                {"access_token":"firebase.id.token2","expires_in":"3600","token_type":"Bearer","refresh_token":"AMf-refresh","id_token\#
                ":"firebase.id.token2","user_id":"uid123","project_id":"12345"}
                """#
            ),
        ])
        var configuration = FirebaseConfiguration(
            apiKey: "web-api-key", projectID: "demo-project", emulatorHost: emulator ? "127.0.0.1:9099" : nil)
        configuration.adminToken = "owner"
        return (FirebaseAuthBackend(configuration: configuration, transport: transport.transport, clock: TestClock().clock), transport)
    }

    private func expectSnapshot(_ transport: RecordingTransport, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        if let mismatch = RequestSnapshot.mismatch(RequestSnapshot.render(transport.recorded), named: name, testFile: #filePath) {
            Issue.record(Comment(rawValue: mismatch), sourceLocation: sourceLocation)
        }
    }

    private let apple = IDTokenCredential(
        provider: .apple, idToken: "apple.id.token", rawNonce: "raw-nonce-value",
        fullName: PersonName(givenName: "Ada", familyName: "Lovelace"))

    @Test("sign in with Apple: signInWithIdp with the raw nonce and the name, then lookup")
    func signIn() async throws {
        let (backend, transport) = makeSUT()
        let signIn = try await backend.signIn(with: apple)
        #expect(signIn.isNewUser && signIn.user.providers == [.apple])
        expectSnapshot(transport, "firebase-signIn-idp")
    }

    @Test("the emulator host routes every call through host:port, as the SDKs' useEmulator does")
    func emulatorHost() async throws {
        let (backend, transport) = makeSUT(emulator: true)
        _ = try await backend.signInAnonymously()
        _ = try await backend.refreshSession(refreshToken: "AMf-refresh")
        expectSnapshot(transport, "firebase-emulator-anonymous-refresh")
    }

    @Test("link, email link, profile, unlink, global sign-out, delete")
    func calls() async throws {
        let (backend, transport) = makeSUT()
        _ = try await backend.link(apple, accessToken: "firebase.id.token")
        expectSnapshot(transport, "firebase-link")
        transport.reset()
        _ = try await backend.sendEmailCode(to: "ada@example.com")
        _ = try await backend.verifyEmailCode("oob-code", email: "ada@example.com")
        expectSnapshot(transport, "firebase-emailLink")
        transport.reset()
        _ = try await backend.updateProfile(
            ProfileUpdate(name: PersonName(givenName: "Ada", familyName: "Lovelace")), accessToken: "firebase.id.token")
        _ = try await backend.unlink(.apple, accessToken: "firebase.id.token")
        try await backend.deleteAccount(accessToken: "firebase.id.token")
        expectSnapshot(transport, "firebase-profile-unlink-delete")
        transport.reset()
        try await backend.signOut(accessToken: "firebase.id.token", scope: .local)
        #expect(transport.recorded.isEmpty, "Firebase has no server-side session to end locally")
        try await backend.signOut(accessToken: "firebase.id.token", scope: .global)
        let revoke = try #require(transport.recorded.last)
        #expect(revoke.url.path.hasSuffix("/v1/projects/demo-project/accounts:update"))
        #expect(revoke.header("Authorization") == "Bearer owner")
    }

    @Test("200 answers that are refusals: needConfirmation and errorMessage with the recovery credential")
    func refusals() async throws {
        let needConfirmation = RecordingTransport(responses: [
            "accounts:signInWithIdp": RecordingTransport.json(
                #"""
                {"kind":"identitytoolkit#VerifyAssertionResponse","providerId":"apple.com","needConfirmation":true,"email":"ada@exampl\#
                e.com","verifiedProvider":["google.com"]}
                """#
            )
        ])
        let alreadyLinked = RecordingTransport(responses: [
            "accounts:signInWithIdp": RecordingTransport.json(
                #"""
                {"kind":"identitytoolkit#VerifyAssertionResponse","providerId":"apple.com","errorMessage":"FEDERATED_USER_ID_ALREADY_L\#
                INKED","oauthIdToken":"apple.id.token","pendingToken":"pending-123"}
                """#
            )
        ])
        let configuration = FirebaseConfiguration(apiKey: "k")
        await #expect(throws: AuthError.accountExistsWithDifferentCredential(email: "ada@example.com", providers: [.google])) {
            try await FirebaseAuthBackend(configuration: configuration, transport: needConfirmation.transport, clock: TestClock().clock)
                .signIn(with: apple)
        }
        do {
            _ = try await FirebaseAuthBackend(configuration: configuration, transport: alreadyLinked.transport, clock: TestClock().clock)
                .link(apple, accessToken: "t")
            Issue.record("expected credentialAlreadyInUse")
        } catch AuthError.credentialAlreadyInUse(let error, let recovery) {
            #expect(error.code == "FEDERATED_USER_ID_ALREADY_LINKED")
            #expect(recovery?.pendingToken == "pending-123")
            #expect(recovery?.idToken == "apple.id.token")
        }
    }

    @Test("the error envelope decodes to the domain error")
    func errorEnvelope() async throws {
        let failing = RecordingTransport(responses: [
            "accounts:delete": RecordingTransport.json(
                #"""
                {"error":{"code":400,"message":"CREDENTIAL_TOO_OLD_LOGIN_AGAIN","errors":[{"message":"CREDENTIAL_TOO_OLD_LOGIN_AGAIN",\#
                "domain":"global","reason":"invalid"}]}}
                """#,
                status: 400)
        ])
        await #expect(throws: AuthError.requiresRecentLogin) {
            try await FirebaseAuthBackend(
                configuration: FirebaseConfiguration(apiKey: "k"), transport: failing.transport, clock: TestClock().clock
            )
            .deleteAccount(accessToken: "t")
        }
    }
}
