import AuthData
import AuthDomain
import AuthJWT
import AuthSimulation
import AuthTestSupport
import Foundation
import Logging
import Testing

/// A new native provider is a configuration of ``IDTokenAuthStrategy``: "acme" below exists in
/// this file only. Supabase Auth (GoTrue `internal/api/token_oidc.go`, which accepts the
/// providers it is configured for) and Identity Toolkit (`signInWithIdp` with enabled providers
/// only) refuse an unknown provider, and so do the in-process engines, so acme's tokens go to a
/// small relying party here that checks them end to end: RS256 over acme's key set, issuer,
/// audience, expiry and the nonce (the claim is the SHA-256 hex of the raw nonce sent beside the
/// token). The same configuration, pointed at the simulated Google, signs in on the in-process
/// Supabase and Firebase backends.
@Suite("Generic ID-token strategy")
struct IDTokenAuthStrategyTests {
    @Test("a provider defined only as a configuration signs in and links through a relying party that checks its token")
    func throwAwayProvider() async throws {
        let sheet = try AcmeSheet()
        let party = AcmeRelyingParty(keys: sheet.keys)
        let strategy = IDTokenAuthStrategy(provider: AcmeIDProvider(sheet: sheet), backend: party, nonces: NonceGenerator(source: .live))
        #expect(strategy.provider == AcmeIDProvider.acme)
        guard case .authenticated(let first) = try await strategy.signIn(with: .social(AcmeIDProvider.acme)) else {
            Issue.record("no sign-in")
            return
        }
        #expect(first.isNewUser && first.user.providers == [AcmeIDProvider.acme])
        #expect(first.credential.providerUserID == "acme|ada" && first.providerProfile.email == "ada@acme.test")
        #expect(await party.lastVerifiedNonce == NonceGenerator.sha256Hex(try #require(first.credential.rawNonce).revealed))
        guard case .authenticated(let again) = try await strategy.signIn(with: .social(AcmeIDProvider.acme)) else {
            Issue.record("no second sign-in")
            return
        }
        #expect(!again.isNewUser && again.user.id == first.user.id)
        let linked = try await strategy.link(toAccountWith: first.session.accessToken)
        #expect(linked.user.id == first.user.id)
        await #expect(throws: AuthError.invalidInput("acme cannot handle apple")) {
            try await strategy.signIn(with: .social(.apple))
        }
    }

    @Test("the relying party refuses acme's token when the nonce does not match, and the strategy refuses a sheet without a token")
    func tokenChecked() async throws {
        let sheet = try AcmeSheet()
        let party = AcmeRelyingParty(keys: sheet.keys)
        let strategy = IDTokenAuthStrategy(provider: AcmeIDProvider(sheet: sheet), backend: party, nonces: NonceGenerator(source: .live))
        await sheet.setMode(.wrongNonce)
        await #expect(throws: AuthError.nonceMismatch) { try await strategy.signIn(with: .social(AcmeIDProvider.acme)) }
        await sheet.setMode(.noToken)
        await #expect(throws: AuthError.missingIdentityToken) { try await strategy.signIn(with: .social(AcmeIDProvider.acme)) }
        #expect(await party.signIns == 0)
    }

    @Test("acme's credential-check hook signs the user out at launch with a provider-neutral reason")
    func credentialHook() async throws {
        let sheet = try AcmeSheet()
        let party = AcmeRelyingParty(keys: sheet.keys)
        let store = InMemorySessionStore(initial: nil)
        let first = await Self.coordinator(sheet: sheet, party: party, store: store)
        _ = try await first.signIn(with: .social(AcmeIDProvider.acme))
        #expect(try await store.load()?.providerSubjects[AcmeIDProvider.acme] == "acme|ada")
        #expect(await Self.coordinator(sheet: sheet, party: party, store: store).start() != nil, "the authorization stands")
        await sheet.revoke("acme|ada")
        let hooks = AcmeIDProvider(sheet: sheet)
        #expect(
            await hooks.checkCredential(forSubject: "acme|ada", occasion: .launch)
                == .ended(.providerCredentialRevoked(AcmeIDProvider.acme)))
        #expect(await Self.coordinator(sheet: sheet, party: party, store: store).start() == nil)
        #expect(try await store.load() == nil)
    }

    @Test("the same configuration over the simulated Google signs in on the in-process backends", arguments: TestBackendKind.allCases)
    func inProcessBackends(kind: TestBackendKind) async throws {
        let app = try await TestApp.make(backend: kind)
        let provider = SheetProvider(id: .google, sheet: app.google)
        let strategy = IDTokenAuthStrategy(provider: provider, backend: app.backend, nonces: NonceGenerator(source: .live))
        app.google.approve(as: "grace@gmail.com")
        guard case .authenticated(let first) = try await strategy.signIn(with: .social(.google)) else {
            Issue.record("no sign-in")
            return
        }
        #expect(first.isNewUser && first.user.email == "grace@gmail.com" && first.user.providers.contains(.google))
        app.google.approve(as: "grace@gmail.com")
        guard case .authenticated(let again) = try await strategy.signIn(with: .social(.google)) else {
            Issue.record("no second sign-in")
            return
        }
        #expect(!again.isNewUser && again.user.id == first.user.id)
    }

    private static func coordinator(
        sheet: AcmeSheet, party: AcmeRelyingParty, store: InMemorySessionStore
    ) async -> AuthenticationCoordinator {
        let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        let sessions = SessionManager(backend: party, store: store, clock: TestClock().clock, policy: .supabase, logger: logger)
        let coordinator = AuthenticationCoordinator(
            backend: party, sessions: sessions, profileCache: InMemoryProfileCache(), logger: logger)
        let acme = IDTokenAuthStrategy(provider: AcmeIDProvider(sheet: sheet), backend: party, nonces: NonceGenerator(source: .live))
        await coordinator.register(acme)
        return coordinator
    }
}

/// The throw-away provider: its id, its sheet, and one hook (the credential check).
private struct AcmeIDProvider: IDTokenProvider {
    static let acme: ProviderID = "acme"
    let sheet: AcmeSheet

    var id: ProviderID { Self.acme }

    func authorize(nonce: String?) async throws(AuthError) -> IDTokenAuthorization {
        let answer = try await sheet.signIn(nonce: nonce)
        return IDTokenAuthorization(subject: answer.subject, idToken: answer.token, profile: ProviderProfile(email: answer.email))
    }

    func checkCredential(forSubject subject: String, occasion: CredentialCheckOccasion) async -> CredentialCheck {
        await sheet.isRevoked(subject) ? .ended(.providerCredentialRevoked(id)) : .stands
    }
}

/// Any Google-shaped sheet as a provider configuration, for the in-process backends.
private struct SheetProvider: IDTokenProvider {
    let id: ProviderID
    let sheet: any GoogleSignInAuthorizing

    func authorize(nonce: String?) async throws(AuthError) -> IDTokenAuthorization {
        let answer = try await sheet.signIn(GoogleSignInRequest(nonce: nonce))
        return IDTokenAuthorization(
            subject: answer.userID, idToken: answer.idToken, accessToken: answer.accessToken,
            profile: ProviderProfile(name: answer.name, email: answer.email))
    }
}

/// Acme's sign-in sheet: signs RS256 ID tokens with a key of its own, copying the nonce it is
/// given into the `nonce` claim.
private actor AcmeSheet {
    enum Mode { case normal, wrongNonce, noToken }
    struct Answer {
        let subject: String
        let token: Secret?
        let email: String
    }

    static let issuer = "https://id.acme.test"
    static let clientID = "com.example.app"
    private let ring: RSAKeyRing
    private var mode = Mode.normal
    private var revoked: Set<String> = []

    init() throws { ring = try RSAKeyRing.generate(count: 1) { "acme-key-1" } }

    nonisolated var keys: JWKSet { ring.jwkSet }

    func setMode(_ mode: Mode) { self.mode = mode }
    func revoke(_ subject: String) { revoked.insert(subject) }
    func isRevoked(_ subject: String) -> Bool { revoked.contains(subject) }

    func signIn(nonce: String?) throws(AuthError) -> Answer {
        let subject = "acme|ada"
        let email = "ada@acme.test"
        guard mode != .noToken else { return Answer(subject: subject, token: nil, email: email) }
        let now = Int64(Date().timeIntervalSince1970)
        var claims: JSONObject = [
            "iss": .string(Self.issuer), "aud": .string(Self.clientID), "sub": .string(subject),
            "email": .string(email), "iat": .int(now), "exp": .int(now + 600),
        ]
        if let nonce { claims["nonce"] = .string(mode == .wrongNonce ? NonceGenerator.sha256Hex("another") : nonce) }
        do {
            return Answer(subject: subject, token: Secret(try ring.active.signer.sign(claims)), email: email)
        } catch {
            throw .authorizationFailed("acme could not sign: \(error)")
        }
    }
}

/// A relying party for acme alone: verifies each token with ``IDTokenVerifier`` and keeps one
/// user per subject. Everything else an ``AuthBackend`` does is refused.
private actor AcmeRelyingParty: AuthBackend {
    private let keys: JWKSet
    private let verifier = IDTokenVerifier(
        policy: IDTokenPolicy(
            issuers: [AcmeSheet.issuer], audiences: [AcmeSheet.clientID], clockSkew: 30, maxTokenLength: 16 * 1024,
            skipNonceCheck: false))
    private var users: [String: AuthUser] = [:]
    private(set) var signIns = 0
    private(set) var lastVerifiedNonce: String?

    init(keys: JWKSet) { self.keys = keys }

    func signIn(with credential: IDTokenCredential) async throws(AuthError) -> BackendSignIn {
        let token = try verify(credential)
        signIns += 1
        let isNew = users[token.subject] == nil
        let user =
            users[token.subject]
            ?? AuthUser(
                id: "user-\(users.count + 1)", email: token.email, displayName: nil, isEmailVerified: true, isAnonymous: false,
                providers: [AcmeIDProvider.acme])
        users[token.subject] = user
        return BackendSignIn(session: Self.session(for: user.id), user: user, isNewUser: isNew)
    }

    func link(_ credential: IDTokenCredential, accessToken: Secret) async throws(AuthError) -> BackendSignIn {
        let token = try verify(credential)
        guard let user = users.values.first(where: { Self.session(for: $0.id).accessToken == accessToken }) else {
            throw .notSignedIn
        }
        users[token.subject] = user
        return BackendSignIn(session: Self.session(for: user.id), user: user, isNewUser: false)
    }

    private func verify(_ credential: IDTokenCredential) throws(AuthError) -> VerifiedIDToken {
        guard credential.provider == AcmeIDProvider.acme else { throw .invalidInput("acme only") }
        let now = Int64(Date().timeIntervalSince1970)
        do {
            let token = try verifier.verify(credential.idToken.revealed, rawNonce: credential.rawNonce?.revealed, keys: keys, now: now)
            lastVerifiedNonce = token.nonce
            return token
        } catch .nonceMismatch {
            throw .nonceMismatch
        } catch {
            throw .invalidIdentityToken("\(error)")
        }
    }

    func signInAnonymously() async throws(AuthError) -> BackendSignIn { throw Self.refused }
    func sendEmailCode(to email: String) async throws(AuthError) -> EmailCodeChallenge { throw Self.refused }
    func verifyEmailCode(_ code: Secret, email: String) async throws(AuthError) -> BackendSignIn { throw Self.refused }
    func refreshSession(refreshToken: Secret) async throws(AuthError) -> AuthSession { throw Self.refused }
    func user(accessToken: Secret) async throws(AuthError) -> AuthUser { throw Self.refused }
    func updateProfile(_ update: ProfileUpdate, accessToken: Secret) async throws(AuthError) -> AuthUser { throw Self.refused }
    func unlink(_ provider: ProviderID, accessToken: Secret) async throws(AuthError) -> AuthUser { throw Self.refused }
    func signOut(accessToken: Secret, scope: SignOutScope) async throws(AuthError) { throw Self.refused }
    func deleteAccount(accessToken: Secret) async throws(AuthError) { throw Self.refused }

    /// A session for a user, valid until 2100 (so a relaunch restores it without a refresh).
    private static func session(for userID: String) -> AuthSession {
        AuthSession(
            accessToken: Secret("acme-access-\(userID)"), refreshToken: Secret("acme-refresh-\(userID)"),
            expiresAt: Date(timeIntervalSince1970: 4_102_444_800), userID: userID)
    }

    private static let refused = AuthError.invalidInput("not part of acme's relying party")
}
