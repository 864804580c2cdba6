import AuthData
import AuthDomain
import AuthPresentation
import Foundation

/// Routes on the coordinator's auth-state stream: signed out → sign-in; signed in → onboarding
/// when the profile is incomplete, pending invitation when membership is missing, main
/// otherwise. The stream, not the sign-in screen, decides, so a session restored at launch, a
/// refresh that brings a new claim, a revoked Apple ID or a deletion route the same way.
@MainActor
final class AppRouter: ObservableObject {
    @Published private(set) var route: AppRoute = .launching

    private let coordinator: AuthenticationCoordinator
    private let postAuth: PostAuthRouter
    private let strategies: [any SocialAuthStrategyProviding]
    private let defaults: UserDefaults

    init(
        coordinator: AuthenticationCoordinator, postAuth: PostAuthRouter, strategies: [any SocialAuthStrategyProviding],
        defaults: UserDefaults
    ) {
        self.coordinator = coordinator
        self.postAuth = postAuth
        self.strategies = strategies
        self.defaults = defaults
    }

    /// Registers the strategies, restores the session and follows the stream until the task
    /// that runs it is cancelled (SwiftUI's `.task` does that when the view goes).
    func run() async {
        for strategy in strategies { await coordinator.register(strategy) }
        let events = coordinator.authStateChanges
        await coordinator.start()
        for await event in events {
            await handle(event)
        }
    }

    /// Decides the route again for the signed-in user (after onboarding, or "Check again").
    func recheck() async {
        if let user = await coordinator.currentUser() { await route(for: user) } else { route = .signedOut }
    }

    private func handle(_ event: AuthStateEvent) async {
        switch event {
        case .initialSession(nil), .signedOut, .userDeleted:
            route = .signedOut
        case .initialSession(let initial?):
            await route(for: initial.stored.user)
        case .signedIn(let stored):
            defaults.set(true, forKey: "hasSignedIn")
            await route(for: stored.user)
        case .userUpdated(let user):
            await route(for: user)
        case .tokenRefreshed:
            await recheck()
        }
    }

    private func route(for user: AuthUser) async {
        do throws(AuthError) {
            route = AppRoute(try await postAuth.destination(for: user))
        } catch {
            route = .unavailable(AuthErrorMessages().message(for: error) ?? "Please try again")
        }
    }
}
