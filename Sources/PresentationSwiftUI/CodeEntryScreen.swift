#if canImport(SwiftUI)
    import AuthPresentation
    import SwiftUI

    /// The code screen: the address the code went to, a one-time-code field (the keyboard offers
    /// the code from Mail), Verify, and a way back. A wrong code's alert returns here.
    @available(iOS 16.0, macOS 13.0, *)
    @MainActor
    public struct CodeEntryScreen: View {
        @ObservedObject private var model: LoginViewModel
        private let email: String
        @State private var code = ""

        /// Creates the screen.
        /// - Parameters:
        ///   - model: The login view model, waiting for the code.
        ///   - email: The address the code went to.
        public init(model: LoginViewModel, email: String) {
            self.model = model
            self.email = email
        }

        /// The screen.
        public var body: some View {
            let verifying = model.state == .loading(.emailCode)
            VStack(spacing: 16) {
                Text("Enter the code we sent to \(email)")
                    .font(.headline)
                    .multilineTextAlignment(.center)
                OneTimeCodeForm(code: $code, fieldLabel: "Code from the email", verifying: verifying) { await model.submitCode($0) }
                Button("Use a different email") { model.reset() }
                    .frame(minHeight: 44)
                    .disabled(verifying)
            }
            .padding()
            .signInAlert(model: model)
        }
    }
#endif
