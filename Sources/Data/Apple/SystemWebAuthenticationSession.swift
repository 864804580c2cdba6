#if canImport(AuthenticationServices)
    import AuthDomain
    import AuthenticationServices
    import Foundation

    /// ``WebAuthenticationSession`` through `ASWebAuthenticationSession` (iOS, macOS): the system
    /// browser sheet, which hands back the redirect to the app's callback scheme.
    ///
    /// Thin on purpose: the decisions are in ``WebAuthenticationSessionMapping`` and the one-answer
    /// rule in `OneShotReply`, both tested on Linux. Not built on Linux.
    ///
    /// ```swift
    /// let browser = SystemWebAuthenticationSession(callbackScheme: "com.example.app", presentationAnchor: { window })
    /// ```
    public struct SystemWebAuthenticationSession: WebAuthenticationSession {
        private let callbackScheme: String
        private let prefersEphemeralSession: Bool
        private let presentationAnchor: @MainActor @Sendable () -> ASPresentationAnchor

        /// Creates the adapter.
        /// - Parameters:
        ///   - callbackScheme: The custom URL scheme the backend redirects to
        ///     (`<scheme>://login-callback`); register it with the backend's redirect allow list.
        ///   - prefersEphemeralSession: Whether to share no cookies with Safari (no "wants to use …
        ///     to sign in" prompt, no remembered provider session).
        ///   - presentationAnchor: The window the sheet is shown over.
        public init(
            callbackScheme: String, prefersEphemeralSession: Bool = false,
            presentationAnchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor
        ) {
            self.callbackScheme = callbackScheme
            self.prefersEphemeralSession = prefersEphemeralSession
            self.presentationAnchor = presentationAnchor
        }

        /// An attempt whose redirect URI is `<scheme>://login-callback`.
        /// - Returns: The attempt.
        /// - Throws: ``AuthError/invalidInput(_:)`` for a scheme that makes no URL.
        public func begin() async throws(AuthError) -> any WebAuthenticationAttempt {
            guard let redirect = URL(string: "\(callbackScheme)://login-callback") else {
                throw .invalidInput("\(callbackScheme) is not a URL scheme")
            }
            return SystemWebAuthenticationAttempt(
                redirectURI: redirect, scheme: callbackScheme, ephemeral: prefersEphemeralSession, anchor: presentationAnchor)
        }
    }

    private struct SystemWebAuthenticationAttempt: WebAuthenticationAttempt {
        let redirectURI: URL
        let scheme: String
        let ephemeral: Bool
        let anchor: @MainActor @Sendable () -> ASPresentationAnchor

        /// The sheet hands back only redirects to this app's own scheme; the strategy checks `state`.
        func complete(opening url: URL, expectedState: String) async throws(AuthError) -> URL {
            try await WebSheetPresentation.present(url, scheme: scheme, ephemeral: ephemeral, anchor: anchor)
        }
    }

    /// One presentation of the browser sheet; `present` keeps it alive until the reply.
    @MainActor
    private final class WebSheetPresentation: NSObject, @preconcurrency ASWebAuthenticationPresentationContextProviding {
        private let anchor: @MainActor @Sendable () -> ASPresentationAnchor
        private let reply = OneShotReply<URL, AuthError>()
        private var session: ASWebAuthenticationSession?

        private init(anchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor) {
            self.anchor = anchor
        }

        static func present(
            _ url: URL, scheme: String, ephemeral: Bool, anchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor
        ) async throws(AuthError) -> URL {
            let presentation = WebSheetPresentation(anchor: anchor)
            let reply = presentation.reply
            let session = ASWebAuthenticationSession(url: url, callbackURLScheme: scheme) { callbackURL, error in
                let failure = (error as NSError?).map { (domain: $0.domain, code: $0.code, description: $0.localizedDescription) }
                do throws(AuthError) {
                    reply.resolve(
                        .success(try WebAuthenticationSessionMapping.redirect(callbackURL: callbackURL, error: failure, scheme: scheme)))
                } catch {
                    reply.resolve(.failure(error))
                }
            }
            session.presentationContextProvider = presentation
            session.prefersEphemeralWebBrowserSession = ephemeral
            presentation.session = session
            if !session.start() {
                reply.resolve(.failure(.authorizationFailed("the browser sheet could not start")))
            }
            let redirect = try await reply.value(cancelled: .cancelled, onCancel: { Task { @MainActor in presentation.session?.cancel() } })
            presentation.session = nil
            return redirect
        }

        func presentationAnchor(for session: ASWebAuthenticationSession) -> ASPresentationAnchor {
            anchor()
        }
    }
#endif
