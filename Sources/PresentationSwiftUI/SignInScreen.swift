#if canImport(SwiftUI)
    import AuthDomain
    import AuthPresentation
    import SwiftUI

    /// The sign-in screen: the buttons the app offers (the system "Sign in with Apple" button,
    /// Google, an emailed code, a guest), the terms checkbox for new sign-ups, a progress indicator
    /// on the button whose sign-in runs, and the error as an alert. A cancelled sheet shows nothing.
    ///
    /// Every decision comes from ``SignInScreenState``; this view only lays it out.
    ///
    /// ```swift
    /// SignInScreen(model: login, options: SignInOptions(methods: [.apple, .google, .emailCode], requiresTerms: true),
    ///              termsURL: URL(string: "https://example.com/terms"))
    /// ```
    @available(iOS 16.0, macOS 13.0, *)
    @MainActor
    public struct SignInScreen: View {
        @ObservedObject private var model: LoginViewModel
        private let options: SignInOptions
        private let termsURL: URL?
        @State private var email = ""

        /// Creates the screen.
        /// - Parameters:
        ///   - model: The login view model.
        ///   - options: What the app offers.
        ///   - termsURL: Where the terms are read, linked beside the checkbox.
        public init(model: LoginViewModel, options: SignInOptions, termsURL: URL?) {
            self.model = model
            self.options = options
            self.termsURL = termsURL
        }

        /// The screen.
        public var body: some View {
            let screen = SignInScreenState(options: options, model: model, email: email)
            ScrollView {
                VStack(spacing: 12) {
                    if screen.showsEmailField {
                        TextField("Email address", text: $email)
                            .textFieldStyle(.roundedBorder)
                            .textContentType(.emailAddress)
                            .autocorrectionDisabled()
                            #if os(iOS)
                                .keyboardType(.emailAddress)
                                .textInputAutocapitalization(.never)
                            #endif
                            .accessibilityLabel("Email address")
                    }
                    ForEach(screen.buttons) { button in
                        SignInMethodButton(button: button) {
                            Task { await model.signIn(with: button.method.credential(email: email)) }
                        }
                    }
                    if let terms = screen.terms {
                        TermsCheckboxView(terms: terms, termsURL: termsURL, isOn: $model.termsAccepted)
                    }
                }
                .padding()
            }
            .signInAlert(model: model)
        }
    }
#endif
