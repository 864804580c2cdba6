import AuthData
import AuthDomain
import AuthSimulation
import AuthTestSupport
import AuthWebAuthn
import Foundation
import Testing

/// Passkeys through ``PasskeyBackend`` and the software authenticator, on both services, in
/// process and through the REST adapters over the emulator: GoTrue internal/api/passkey_registration.go,
/// passkey_authentication.go and passkey_manage.go; Google's Identity Toolkit v2 reference
/// (`accounts/passkeyEnrollment:start|finalize`, `accounts/passkeySignIn:start|finalize`,
/// `UserInfo.passkeyInfo`, `SetAccountInfoRequest.deletePasskey`).
@Suite("Backend contract: passkeys")
struct PasskeyContractTests {
    /// GoTrue's passkey_test.go settings: RP ID `localhost`, origin `http://localhost:3000`.
    static let rpID = "localhost"
    static let origin = "http://localhost:3000"

    struct SUT {
        let harness: BackendHarness
        let backend: any PasskeyBackend
        let keys: InMemoryPasskeyKeyStore
        let passkeys: PasskeyUseCase
    }

    static func makeSUT(
        _ flavor: BackendFlavor, attestation: SoftwareAuthenticator.Attestation = .none,
        options: SoftwareAuthenticator.Options = .standard
    ) async throws -> SUT {
        var supabase = SupabaseSettings()
        supabase.passkey = SupabasePasskeySettings(rpID: rpID, displayName: "Test App", origins: [origin])
        let harness = try await BackendHarness.make(flavor, supabase: supabase) {
            $0.firebasePasskeyConfig = FirebasePasskeyConfig(rpID: rpID, expectedOrigins: [origin])
        }
        let backend = try #require(harness.backend as? any PasskeyBackend)
        let keys = InMemoryPasskeyKeyStore()
        let authenticator = SoftwarePasskeyAuthenticator(store: keys, origin: origin, attestation: attestation, options: options)
        return SUT(harness: harness, backend: backend, keys: keys, passkeys: PasskeyUseCase(backend: backend, authenticator: authenticator))
    }

    /// A confirmed account signed in with Apple (passkeys need a user that is neither anonymous
    /// nor unconfirmed).
    static func signedIn(_ sut: SUT) async throws -> BackendSignIn {
        let (credential, _) = try await sut.harness.appleCredential()
        return try await sut.harness.backend.signIn(with: credential)
    }

    @Test("register, then a discoverable sign-in lands on the same account with a passkey session", arguments: BackendFlavor.allCases)
    func registerAndSignIn(flavor: BackendFlavor) async throws {
        let sut = try await Self.makeSUT(flavor, attestation: .packedSelf)
        let account = try await Self.signedIn(sut)
        let passkey = try await sut.passkeys.register(for: account.user, session: account.session, name: "Laptop")
        #expect(passkey.friendlyName == "Laptop")
        #expect(try await sut.passkeys.list(session: account.session) == [passkey])
        #expect(await sut.keys.passkeys(rpID: Self.rpID).count == 1)

        for _ in 0..<2 {
            let result = try await sut.passkeys.signIn()
            #expect(result.user.id == account.user.id && !result.isNewUser)
            #expect(result.credential.provider == .passkey)
            #expect(try await sut.harness.backend.user(accessToken: result.session.accessToken).id == account.user.id)
        }
    }

    @Test("an authenticator that never counts signs in each time", arguments: BackendFlavor.allCases)
    func zeroCounter(flavor: BackendFlavor) async throws {
        let options = SoftwareAuthenticator.Options(countsSignatures: false, verifiesUser: false, aaguid: Array(repeating: 7, count: 16))
        let sut = try await Self.makeSUT(flavor, options: options)
        let account = try await Self.signedIn(sut)
        _ = try await sut.passkeys.register(for: account.user, session: account.session, name: nil)
        #expect(try await sut.passkeys.signIn().user.id == account.user.id)
        #expect(try await sut.passkeys.signIn().user.id == account.user.id)
    }

    @Test("the same authenticator cannot register the account twice (excludeCredentials)", arguments: BackendFlavor.allCases)
    func excluded(flavor: BackendFlavor) async throws {
        let sut = try await Self.makeSUT(flavor)
        let account = try await Self.signedIn(sut)
        _ = try await sut.passkeys.register(for: account.user, session: account.session, name: "Laptop")
        await sut.harness.expectFailure(
            "authorizationFailed",
            {
                try await sut.passkeys.register(for: account.user, session: account.session, name: "Again")
            }
        ) {
            if case .authorizationFailed = $0 { true } else { false }
        }
        #expect(try await sut.passkeys.list(session: account.session).count == 1)
    }

    @Test("rename where the service has it; else a typed refusal", arguments: BackendFlavor.allCases)
    func rename(flavor: BackendFlavor) async throws {
        let sut = try await Self.makeSUT(flavor)
        let account = try await Self.signedIn(sut)
        let passkey = try await sut.passkeys.register(for: account.user, session: account.session, name: "Laptop")
        if flavor.renamesPasskeys {
            let renamed = try await sut.passkeys.rename(id: passkey.id, to: "Work laptop", session: account.session)
            #expect(renamed.id == passkey.id && renamed.friendlyName == "Work laptop")
            #expect(try await sut.passkeys.list(session: account.session).map(\.friendlyName) == ["Work laptop"])
        } else {
            await sut.harness.expectFailure(
                "invalidInput",
                {
                    try await sut.passkeys.rename(id: passkey.id, to: "Work laptop", session: account.session)
                }
            ) {
                if case .invalidInput = $0 { true } else { false }
            }
        }
    }

    @Test("a deleted passkey is gone from the list and no longer signs in", arguments: BackendFlavor.allCases)
    func delete(flavor: BackendFlavor) async throws {
        let sut = try await Self.makeSUT(flavor)
        let account = try await Self.signedIn(sut)
        let passkey = try await sut.passkeys.register(for: account.user, session: account.session, name: "Laptop")
        try await sut.passkeys.delete(id: passkey.id, session: account.session)
        #expect(try await sut.passkeys.list(session: account.session).isEmpty)
        await sut.harness.expectFailure("the service's refusal", { try await sut.passkeys.signIn() }) {
            if case .backend = $0 { true } else { false }
        }
    }

    @Test("with no passkey for the RP ID the authenticator cancels, as the system sheet does", arguments: BackendFlavor.allCases)
    func noPasskey(flavor: BackendFlavor) async throws {
        let sut = try await Self.makeSUT(flavor)
        await sut.harness.expectFailure("cancelled", { try await sut.passkeys.signIn() }) { $0 == .cancelled }
    }
}

extension BackendFlavor {
    /// Whether the service renames a passkey (GoTrue `PATCH /passkeys/{id}`; the Identity
    /// Toolkit has no such method and names a passkey only at `passkeyEnrollment:finalize`).
    var renamesPasskeys: Bool {
        switch traits.service {
        case .supabase: true
        case .firebase: false
        }
    }
}
