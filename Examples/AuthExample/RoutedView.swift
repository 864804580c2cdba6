import AuthDomain
import AuthPresentation
import AuthSwiftUI
import SwiftUI

/// Lays out the router's route with the package's screens.
@MainActor
struct RoutedView: View {
    let composition: AuthComposition
    @Binding var settings: ExampleSettings
    @ObservedObject private var router: AppRouter
    @ObservedObject private var login: LoginViewModel

    init(composition: AuthComposition, settings: Binding<ExampleSettings>) {
        self.composition = composition
        _settings = settings
        router = composition.router
        login = composition.login
    }

    var body: some View {
        content
            .task { await router.run() }
    }

    @ViewBuilder
    private var content: some View {
        if login.awaitsTermsAnswer {
            // A new account is signed in but has not answered the terms question yet.
            signIn
        } else {
            routed
        }
    }

    private var signIn: some View {
        NavigationStack {
            LoginFlowView(model: composition.login, options: AuthComposition.options, termsURL: ExampleSettings.termsURL)
                .navigationTitle("Sign in")
                .toolbar {
                    NavigationLink("Settings") { SettingsView(settings: $settings) }
                }
        }
    }

    @ViewBuilder
    private var routed: some View {
        switch router.route {
        case .launching:
            ProgressView().accessibilityLabel("Restoring your session")
        case .signedOut:
            signIn
        case .onboarding(let prefill):
            NavigationStack {
                OnboardingNameScreen(prefill: prefill) { name in
                    Task { await finishOnboarding(name: name, email: prefill.email) }
                }
                .navigationTitle("Welcome")
            }
        case .pendingInvitation:
            PendingInvitationView(router: router, coordinator: composition.coordinator)
        case .main:
            MainView(composition: composition, settings: $settings)
        case .unavailable(let message):
            VStack(spacing: 12) {
                Text(message).multilineTextAlignment(.center)
                Button("Try again") { Task { await router.recheck() } }.frame(minHeight: 44)
            }
            .padding()
        }
    }

    private func finishOnboarding(name: String, email: String?) async {
        guard let user = await composition.coordinator.currentUser() else { return }
        let profile = ProviderProfile(name: PersonName.parsing(name), email: email ?? user.email)
        try? await composition.profiles.save(profile, forUserID: user.id)
        await router.recheck()
    }
}
