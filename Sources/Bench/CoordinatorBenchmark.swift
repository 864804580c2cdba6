import AuthData
import AuthDomain
import AuthSimulation
import Foundation
import Logging

/// The cost of the clean architecture: sign-ins through LoginUseCase → coordinator → strategy →
/// in-process backend, against direct calls of the same backend with the same credential.
struct CoordinatorBenchmark {
    let budget: Duration

    func run(into report: inout BenchReport) async throws {
        let world = try await BenchWorld.make()
        let credential = try await world.googleCredential(email: "overhead@example.com")
        let backend = SupabaseAuthBackend(engine: world.services.supabase)
        let app = await BenchApp.make(world: world, backend: backend, googleCredential: credential)
        _ = try await backend.signIn(with: credential)
        let (direct, layered) = try await Measure.paired(
            {
                try await Measure.rate(budget: budget) { _ = try await backend.signIn(with: credential) }
            },
            {
                try await Measure.rate(budget: budget) { _ = try await app.login.execute(with: .social(.google)) }
            })
        report.add(
            "coordinatorOverhead", direct / layered,
            "time per Google ID-token sign-in via LoginUseCase/coordinator/strategy over direct backend calls; goal <= 1.10")

        let (directGuest, layeredGuest) = try await Measure.paired(
            {
                try await Measure.rate(budget: budget) { _ = try await backend.signInAnonymously() }
            },
            {
                try await Measure.rate(budget: budget) { _ = try await app.login.execute(with: .anonymous) }
            })
        report.add(
            "coordinatorOverheadAnonymous", directGuest / layeredGuest,
            "the same for anonymous sign-ins, where the backend does the least work (worst case for the ratio)")
    }
}

/// One app's object graph (as in an app's composition root) on a shared backend.
struct BenchApp {
    let login: LoginUseCase

    static func make(world: BenchWorld, backend: any AuthBackend, googleCredential: IDTokenCredential) async -> BenchApp {
        var logger = Logger(label: "bench")
        logger.logLevel = .critical
        let sessions = SessionManager(backend: backend, store: InMemorySessionStore(), clock: .live, policy: .supabase, logger: logger)
        let cache = InMemoryProfileCache()
        let coordinator = AuthenticationCoordinator(backend: backend, sessions: sessions, profileCache: cache, logger: logger)
        await coordinator.register(
            GoogleAuthStrategy(authorizer: FixedGoogleAuthorizer(credential: googleCredential), backend: backend, nonces: nil))
        await coordinator.register(AnonymousAuthStrategy(backend: backend))
        await coordinator.start()
        let router = PostAuthRouter(profiles: AuthUserProfileRepository(cache: cache), membership: nil)
        return BenchApp(login: LoginUseCase(coordinator: coordinator, router: router))
    }
}

/// A Google sheet that hands out one pre-minted token (minting is the provider's cost, not the
/// app's).
struct FixedGoogleAuthorizer: GoogleSignInAuthorizing {
    let credential: IDTokenCredential

    func signIn(_ request: GoogleSignInRequest) async throws(AuthError) -> GoogleSignInCredential {
        GoogleSignInCredential(userID: "bench", idToken: credential.idToken, accessToken: credential.accessToken, email: nil, name: nil)
    }
}
