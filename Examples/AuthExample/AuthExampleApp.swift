import AuthPresentation
import SwiftUI

/// The example app: one window that routes on the auth-state stream, and opens email sign-in
/// links (`onOpenURL`).
@main
@MainActor
struct AuthExampleApp: App {
    @StateObject private var model = AppModel()

    var body: some Scene {
        WindowGroup {
            RootView(model: model)
                .onOpenURL { url in
                    guard let link = EmailSignInLink(url: url) else { return }
                    Task { await model.composition.login.open(link) }
                }
        }
    }
}
