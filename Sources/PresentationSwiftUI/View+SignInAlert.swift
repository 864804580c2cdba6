#if canImport(SwiftUI)
    import AuthPresentation
    import SwiftUI

    @available(iOS 16.0, macOS 13.0, *)
    @MainActor
    extension View {
        /// Shows the login view model's error as an alert (``SignInAlert``); dismissing it returns
        /// to the screen it came from. A cancelled sheet has no alert.
        /// - Parameter model: The login view model.
        /// - Returns: The view with the alert attached.
        func signInAlert(model: LoginViewModel) -> some View {
            let alert = SignInAlert(state: model.state)
            let shown = Binding(get: { alert != nil }, set: { shown in if !shown { model.dismissError() } })
            return self.alert(
                alert?.title ?? "", isPresented: shown, presenting: alert,
                actions: { alert in Button(alert.dismissTitle) { model.dismissError() } },
                message: { alert in Text(alert.message) })
        }
    }
#endif
