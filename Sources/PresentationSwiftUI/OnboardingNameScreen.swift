#if canImport(SwiftUI)
    import AuthDomain
    import AuthPresentation
    import SwiftUI

    /// Onboarding's name step, prefilled from the first sign-in's profile (Apple gives the name
    /// once, on the first authorization). What Continue saves is the app's: it gets the name.
    @available(iOS 16.0, macOS 13.0, *)
    @MainActor
    public struct OnboardingNameScreen: View {
        private let form: OnboardingNameForm
        private let onContinue: (String) -> Void
        @State private var name: String
        @ScaledMetric(relativeTo: .body) private var height: CGFloat = 50

        /// Creates the screen.
        /// - Parameters:
        ///   - prefill: What the router found in the first sign-in's profile.
        ///   - onContinue: Called with the trimmed name.
        public init(prefill: OnboardingPrefill, onContinue: @escaping (String) -> Void) {
            let form = OnboardingNameForm(prefill: prefill)
            self.form = form
            self.onContinue = onContinue
            _name = State(initialValue: form.initialName)
        }

        /// The screen.
        public var body: some View {
            Form {
                Section {
                    TextField(form.nameLabel, text: $name)
                        .textContentType(.name)
                        .accessibilityLabel(form.nameLabel)
                    if let note = form.prefillNote { Text(note).font(.footnote).foregroundStyle(.secondary) }
                    if let email = form.email { LabeledContent("Email", value: email) }
                }
                Button {
                    onContinue(name.trimmingCharacters(in: .whitespacesAndNewlines))
                } label: {
                    Text(form.continueTitle).frame(maxWidth: .infinity, minHeight: max(44, height))
                }
                .disabled(!form.canContinue(with: name))
            }
        }
    }
#endif
