import AuthData
import AuthDomain
import SwiftUI

/// Signed in, but not a member yet: the admin sets the membership claim (Supabase
/// `app_metadata.org`, a Firebase custom claim `org`); "Check again" refreshes the session so
/// the new claim arrives.
@MainActor
struct PendingInvitationView: View {
    @ObservedObject var router: AppRouter
    let coordinator: AuthenticationCoordinator

    var body: some View {
        VStack(spacing: 16) {
            Image(systemName: "envelope.badge").font(.largeTitle).accessibilityHidden(true)
            Text("Waiting for an invitation").font(.headline)
            Text("Ask your organisation's admin to invite you, then check again.")
                .multilineTextAlignment(.center)
            Button("Check again") {
                Task {
                    _ = try? await coordinator.refreshSession()
                    await router.recheck()
                }
            }
            .buttonStyle(.borderedProminent)
            .frame(minHeight: 44)
            Button("Sign out") { Task { try? await coordinator.signOut(scope: .local) } }
                .frame(minHeight: 44)
        }
        .padding()
    }
}
