#if canImport(SwiftUI)
    import AuthDomain
    import AuthPresentation
    import SwiftUI

    /// The question a new account answers when the app requires its terms and the box was not ticked
    /// before signing in: a link to the terms, Accept (on to the destination) and Decline (the new
    /// account is deleted, back to the sign-in screen).
    @available(iOS 16.0, macOS 13.0, *)
    @MainActor
    public struct TermsAcceptanceScreen: View {
        @ObservedObject private var model: LoginViewModel
        private let question: TermsQuestion
        private let termsURL: URL?
        @ScaledMetric(relativeTo: .body) private var height: CGFloat = 50

        /// Creates the screen.
        /// - Parameters:
        ///   - model: The login view model, in `.termsRequired`.
        ///   - question: What the screen asks.
        ///   - termsURL: Where the terms are read.
        public init(model: LoginViewModel, question: TermsQuestion, termsURL: URL?) {
            self.model = model
            self.question = question
            self.termsURL = termsURL
        }

        /// The screen.
        public var body: some View {
            VStack(alignment: .leading, spacing: 16) {
                Text(question.title).font(.title2.bold()).accessibilityAddTraits(.isHeader)
                Text(question.message)
                if let termsURL { Link("Read the terms", destination: termsURL) }
                Button {
                    Task { await model.acceptTerms() }
                } label: {
                    Text(question.acceptTitle).frame(maxWidth: .infinity, minHeight: max(44, height))
                }
                .buttonStyle(.borderedProminent)
                Button(role: .destructive) {
                    Task { await model.declineTerms() }
                } label: {
                    Text(question.declineTitle).frame(maxWidth: .infinity, minHeight: max(44, height))
                }
            }
            .padding()
        }
    }
#endif
