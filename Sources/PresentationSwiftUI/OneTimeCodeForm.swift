#if canImport(SwiftUI)
    import AuthPresentation
    import SwiftUI

    /// A one-time-code field and its Verify button: the email code's screen and the authenticator
    /// app's share it.
    @available(iOS 16.0, macOS 13.0, *)
    @MainActor
    struct OneTimeCodeForm: View {
        @Binding var code: String
        /// What VoiceOver calls the field.
        let fieldLabel: String
        /// Whether a code is being verified (the button shows progress and is disabled).
        let verifying: Bool
        /// Verifies the trimmed code.
        let submit: @MainActor (String) async -> Void
        @ScaledMetric(relativeTo: .body) private var height: CGFloat = 50

        var body: some View {
            TextField("Code", text: $code)
                .textFieldStyle(.roundedBorder)
                .textContentType(.oneTimeCode)
                #if os(iOS)
                    .keyboardType(.numberPad)
                #endif
                .accessibilityLabel(fieldLabel)
            Button {
                let typed = code.trimmingCharacters(in: .whitespacesAndNewlines)
                Task { await submit(typed) }
            } label: {
                HStack(spacing: 8) {
                    if verifying { ProgressView() }
                    Text(verifying ? "Verifying" : "Verify").font(.body.weight(.semibold))
                }
                .frame(maxWidth: .infinity, minHeight: max(44, height))
            }
            .buttonStyle(.borderedProminent)
            .disabled(verifying || !SignInScreenState.canSubmitCode(code))
        }
    }
#endif
