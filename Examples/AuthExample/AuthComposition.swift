import AuthData
import AuthDomain
import AuthPresentation
import Foundation
import Logging

/// The composition root: the one place where concrete types are wired together. Everything
/// the screens use comes out of it; a change of settings makes a new one.
@MainActor
struct AuthComposition {
    let coordinator: AuthenticationCoordinator
    let login: LoginViewModel
    let account: AccountViewModel
    let router: AppRouter
    let profiles: FileProfileCache
    static let options = SignInOptions(methods: [.apple, .google, .emailCode], requiresTerms: true)

    init(settings: ExampleSettings, defaults: UserDefaults) {
        let logger = Logger(label: "com.example.authexample")
        let transport = HTTPTransport.urlSession()
        let local = settings.usesLocalEmulator ? settings.emulatorURL : nil
        let backend: any AuthBackend & WebSignInBackend
        let policy: RefreshPolicy
        switch settings.backend {
        case .supabase:
            backend = SupabaseAuthBackend(
                configuration: SupabaseConfiguration(
                    projectURL: local ?? ExampleSettings.supabaseURL,
                    apiKey: local == nil ? ExampleSettings.supabaseAnonKey : settings.emulatorAnonKey),
                transport: transport, clock: .live)
            policy = .supabase
        case .firebase:
            backend = FirebaseAuthBackend(
                configuration: FirebaseConfiguration(
                    apiKey: ExampleSettings.firebaseAPIKey, emulatorHost: local == nil ? nil : settings.emulatorAddress),
                transport: transport, clock: .live)
            policy = .firebase
        }
        // One Keychain item per backend and place, so switching never reads another's session.
        let place = local == nil ? settings.backend.rawValue : "\(settings.backend.rawValue).local"
        let store = KeychainSessionStore(service: ExampleSettings.keychainService, account: "session.\(place)", logger: logger)
        let sessions = SessionManager(backend: backend, store: store, clock: .live, policy: policy, logger: logger)
        let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
        let profiles = FileProfileCache(fileURL: support.appendingPathComponent("profiles.\(place).json"), logger: logger)
        self.profiles = profiles
        let coordinator = AuthenticationCoordinator(backend: backend, sessions: sessions, profileCache: profiles, logger: logger)
        self.coordinator = coordinator

        let browser = SystemWebAuthenticationSession(callbackScheme: ExampleSettings.callbackScheme) {
            PresentationAnchor.keyWindow()
        }
        func web(_ provider: ProviderID) -> WebRedirectAuthStrategy {
            WebRedirectAuthStrategy(
                provider: provider, session: browser, backend: backend, random: .live, profileCache: profiles, logger: logger)
        }
        // The emulator's Apple is simulated (its pages, its keys), so there Apple goes through
        // the browser too; on a real project Apple is the system sheet.
        let revoker = ExampleSettings.appleRevocationEndpoint.map { AppServerAppleTokenRevoker(endpoint: $0, transport: transport) }
        let apple: any SocialAuthStrategyProviding =
            if local != nil { web(.apple) } else {
                AppleAuthStrategy(
                    authorizer: SystemAppleIDAuthorizer { PresentationAnchor.keyWindow() }, backend: backend,
                    nonces: NonceGenerator(source: .live), profileCache: profiles,
                    tokenRevoker: revoker,
                    logger: logger)
            }
        let strategies: [any SocialAuthStrategyProviding] = [apple, web(.google), EmailCodeAuthStrategy(backend: backend)]

        let claimLocation: ClaimMembershipChecker.Location = settings.backend == .supabase ? .appMetadata : .customClaims
        let membership = ClaimMembershipChecker(claim: "org", location: claimLocation, coordinator: coordinator)
        let postAuth = PostAuthRouter(profiles: AuthUserProfileRepository(cache: profiles), membership: membership)
        let login = LoginViewModel(
            login: LoginUseCase(coordinator: coordinator, router: postAuth, requiresTermsAcceptance: Self.options.requiresTerms))
        login.isReturningUser = defaults.bool(forKey: "hasSignedIn")
        self.login = login
        account = AccountViewModel(coordinator: coordinator, linkable: [.apple, .google])
        router = AppRouter(coordinator: coordinator, postAuth: postAuth, strategies: strategies, defaults: defaults)
    }
}
