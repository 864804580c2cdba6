#if canImport(SwiftUI)
    import AuthPresentation
    import SwiftUI

    /// One sign-in button, laid out from its decided ``SignInButtonState``: full width, at least
    /// 44 points high and growing with Dynamic Type, a progress indicator while its sign-in runs,
    /// and VoiceOver's label and hint from the decision (never color alone).
    @available(iOS 16.0, macOS 13.0, *)
    @MainActor
    struct SignInMethodButton: View {
        let button: SignInButtonState
        let action: () -> Void
        @ScaledMetric(relativeTo: .body) private var height: CGFloat = 50

        var body: some View {
            Button(action: action) {
                label.opacity(button.isDisabled && !button.isLoading ? 0.5 : 1)
            }
            .buttonStyle(.plain)
            .frame(maxWidth: .infinity, minHeight: max(44, height))
            .disabled(button.isDisabled)
            .accessibilityElement(children: .ignore)
            .accessibilityLabel(button.accessibilityLabel)
            .accessibilityHint(button.disabledReason ?? "")
            .accessibilityAddTraits(.isButton)
        }

        @ViewBuilder
        private var label: some View {
            if button.method == .apple {
                AppleSignInButton(height: max(44, height))
                    .overlay { if button.isLoading { ProgressView().tint(.gray) } }
            } else {
                HStack(spacing: 8) {
                    if button.isLoading { ProgressView() }
                    Text(button.isLoading ? button.method.loadingLabel : button.title)
                        .font(.body.weight(.semibold))
                        .multilineTextAlignment(.center)
                }
                .frame(maxWidth: .infinity, minHeight: max(44, height))
                .contentShape(Rectangle())
                .overlay(RoundedRectangle(cornerRadius: 8).strokeBorder(.secondary, lineWidth: 1))
            }
        }
    }
#endif
