#if canImport(SwiftUI)
    import AuthPresentation
    import SwiftUI

    /// The terms checkbox for new sign-ups: a checkmark symbol that changes shape (not only
    /// color), the label, a link to the terms, and what VoiceOver reads as its value.
    @available(iOS 16.0, macOS 13.0, *)
    @MainActor
    struct TermsCheckboxView: View {
        let terms: TermsCheckbox
        let termsURL: URL?
        @Binding var isOn: Bool

        var body: some View {
            VStack(alignment: .leading, spacing: 4) {
                Button {
                    isOn.toggle()
                } label: {
                    HStack(alignment: .firstTextBaseline, spacing: 8) {
                        Image(systemName: terms.isAccepted ? "checkmark.square.fill" : "square")
                            .accessibilityHidden(true)
                        Text(terms.label).multilineTextAlignment(.leading)
                    }
                }
                .buttonStyle(.plain)
                .disabled(terms.isDisabled)
                .accessibilityLabel(terms.label)
                .accessibilityValue(terms.accessibilityValue)
                if let termsURL {
                    Link("Read the terms", destination: termsURL).font(.footnote)
                }
                if !terms.isAccepted {
                    Text(SignInScreenState.termsHint).font(.footnote).foregroundStyle(.secondary)
                }
            }
            .frame(maxWidth: .infinity, alignment: .leading)
        }
    }
#endif
