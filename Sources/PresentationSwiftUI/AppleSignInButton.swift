#if canImport(SwiftUI) && canImport(AuthenticationServices)
    import AuthenticationServices
    import SwiftUI

    /// The system `SignInWithAppleButton`, drawn as Apple's guidelines require: black on a light
    /// background, white on a dark one, full width, at least 44 points high.
    ///
    /// It is the label of the surrounding button and takes no touches itself: the tap starts
    /// ``AuthPresentation/LoginViewModel/signIn(with:)``, whose Apple strategy shows the system
    /// sheet with its own nonce (through `SystemAppleIDAuthorizer`), so the button's own request
    /// and completion are never used.
    @available(iOS 16.0, macOS 13.0, *)
    @MainActor
    struct AppleSignInButton: View {
        let height: CGFloat
        @Environment(\.colorScheme) private var colorScheme

        var body: some View {
            SignInWithAppleButton(.signIn, onRequest: { _ in }, onCompletion: { _ in })
                .signInWithAppleButtonStyle(colorScheme == .dark ? .white : .black)
                .frame(maxWidth: .infinity, minHeight: height, maxHeight: height)
                .allowsHitTesting(false)
        }
    }
#endif
