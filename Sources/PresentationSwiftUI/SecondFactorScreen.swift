#if canImport(SwiftUI)
    import AuthPresentation
    import SwiftUI

    /// The second-factor screen: a one-time-code field for the authenticator app's six digits,
    /// Verify, a wrong code's message under the field, and a way back.
    @available(iOS 16.0, macOS 13.0, *)
    @MainActor
    public struct SecondFactorScreen: View {
        @ObservedObject private var model: LoginViewModel
        private let error: String?
        @State private var code = ""

        /// Creates the screen.
        /// - Parameters:
        ///   - model: The login view model, waiting for the code.
        ///   - error: The last wrong code's message, if any.
        public init(model: LoginViewModel, error: String?) {
            self.model = model
            self.error = error
        }

        /// The screen.
        public var body: some View {
            let verifying = { if case .loading = model.state { true } else { false } }()
            VStack(spacing: 16) {
                Text("Enter the code from your authenticator app")
                    .font(.headline)
                    .multilineTextAlignment(.center)
                OneTimeCodeForm(code: $code, fieldLabel: "Authenticator code", verifying: verifying) {
                    await model.submitSecondFactorCode($0)
                }
                if let error {
                    Text(error).font(.footnote).foregroundStyle(.red)
                }
                Button("Cancel") { model.reset() }
                    .frame(minHeight: 44)
                    .disabled(verifying)
            }
            .padding()
        }
    }
#endif
