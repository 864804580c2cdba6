#if canImport(SwiftUI)
    import AuthDomain
    import AuthPresentation
    import SwiftUI

    /// The sign-in flow over one ``LoginViewModel``: the sign-in screen, then the code screen while
    /// a code is pending, and the terms question when a new account has not accepted them yet.
    /// When the model succeeds, `onSignedIn` gets the destination (main,
    /// onboarding, pending invitation); most apps route on the coordinator's auth-state stream
    /// instead and can ignore it.
    ///
    /// Screens for the other refusals that need the user (a second factor, "this email already has
    /// an account") belong in ``screen(for:)``: each is a case of the model's state, so a new state
    /// does not compile here until it has its screen.
    @available(iOS 16.0, macOS 13.0, *)
    @MainActor
    public struct LoginFlowView: View {
        @ObservedObject private var model: LoginViewModel
        private let options: SignInOptions
        private let termsURL: URL?
        private let onSignedIn: (Destination) -> Void

        /// Creates the flow.
        /// - Parameters:
        ///   - model: The login view model.
        ///   - options: What the app offers.
        ///   - termsURL: Where the terms are read.
        ///   - onSignedIn: Called with the destination after a sign-in.
        public init(model: LoginViewModel, options: SignInOptions, termsURL: URL?, onSignedIn: @escaping (Destination) -> Void = { _ in }) {
            self.model = model
            self.options = options
            self.termsURL = termsURL
            self.onSignedIn = onSignedIn
        }

        /// The current screen.
        public var body: some View {
            screen(for: model.state)
                .onChange(of: model.state) { state in
                    if case .success(let destination) = state { onSignedIn(destination) }
                }
        }

        @ViewBuilder
        private func screen(for state: LoginViewModel.State) -> some View {
            switch state {
            case .awaitingEmailCode(let email):
                CodeEntryScreen(model: model, email: email)
            case .termsRequired(let provider):
                TermsAcceptanceScreen(model: model, question: TermsQuestion(provider: provider), termsURL: termsURL)
            case .awaitingSecondFactor(_, let error):
                SecondFactorScreen(model: model, error: error)
            case .idle, .loading, .error, .success, .awaitingPasswordReset, .accountExists:
                if model.pendingSecondFactors != nil {
                    SecondFactorScreen(model: model, error: nil)
                } else if let email = model.pendingCodeEmail {
                    CodeEntryScreen(model: model, email: email)
                } else {
                    SignInScreen(model: model, options: options, termsURL: termsURL)
                }
            }
        }
    }
#endif
