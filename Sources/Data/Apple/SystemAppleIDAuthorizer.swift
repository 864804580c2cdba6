#if canImport(AuthenticationServices)
    import AuthDomain
    import AuthenticationServices
    import Foundation

    /// ``AppleIDAuthorizing`` through the system sheet (`ASAuthorizationController`).
    ///
    /// Thin on purpose: it shows the sheet and hands the raw results to
    /// ``AppleSystemSheetMapping``, where every decision is made and tested; the one-answer rule
    /// lives in `OneShotReply`, also tested on Linux. Not built on Linux.
    public struct SystemAppleIDAuthorizer: AppleIDAuthorizing {
        private let presentationAnchor: @MainActor @Sendable () -> ASPresentationAnchor

        /// Creates an authorizer.
        /// - Parameter presentationAnchor: The window the sheet is presented over.
        public init(presentationAnchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor) {
            self.presentationAnchor = presentationAnchor
        }

        /// Shows the sheet. The answer comes exactly once: the credential, the mapped error of any
        /// `ASAuthorizationError` code, `cancelled` when the calling task is cancelled (the sheet is
        /// dismissed), or `authorizationFailed` when the controller goes away without answering.
        /// - Parameter request: The scopes and the hashed nonce.
        /// - Returns: Apple's credential.
        /// - Throws: ``AuthError`` as mapped by ``AppleSystemSheetMapping``.
        public func authorize(_ request: AppleIDRequest) async throws(AuthError) -> AppleIDCredential {
            try await SheetPresentation.present(request, anchor: presentationAnchor)
        }

        /// Asks Apple whether the authorization stands.
        /// - Parameter userID: Apple's user identifier.
        /// - Returns: The credential state (`notFound` comes with an error, which is not a failure).
        /// - Throws: ``AuthError`` when Apple cannot answer.
        public func credentialState(forUserID userID: String) async throws(AuthError) -> AppleIDCredentialState {
            let reply = OneShotReply<AppleIDCredentialState, AuthError>()
            Self.requestCredentialState(forUserID: userID, reply: reply)
            return try await reply.value(cancelled: .cancelled, onCancel: {})
        }

        /// The completion-handler form on purpose: its `async` twin throws the error that comes with
        /// a `notFound` state, losing the state (the header says `notFound` always has one).
        private static func requestCredentialState(forUserID userID: String, reply: OneShotReply<AppleIDCredentialState, AuthError>) {
            ASAuthorizationAppleIDProvider().getCredentialState(forUserID: userID) { state, error in
                let failure = (error as NSError?).map { (domain: $0.domain, code: $0.code, description: $0.localizedDescription) }
                do throws(AuthError) {
                    reply.resolve(.success(try AppleSystemSheetMapping.credentialState(rawValue: state.rawValue, error: failure)))
                } catch {
                    reply.resolve(.failure(error))
                }
            }
        }

        /// Each time the system posts `credentialRevokedNotification` (the user stopped using Apple
        /// ID with this app in Settings while it runs).
        /// - Returns: A stream that yields once per notification until it is dropped.
        public func credentialRevocations() -> AsyncStream<Void> {
            AsyncStream { continuation in
                let observation = Task {
                    let name = ASAuthorizationAppleIDProvider.credentialRevokedNotification
                    for await _ in NotificationCenter.default.notifications(named: name) { continuation.yield() }
                    continuation.finish()
                }
                continuation.onTermination = { _ in observation.cancel() }
            }
        }
    }

    /// The Apple ID request and the mapping of its answer, around the shared ``AuthorizationSheet``.
    private enum SheetPresentation {
        static func present(
            _ request: AppleIDRequest, anchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor
        ) async throws(AuthError) -> AppleIDCredential {
            let answer = try await AuthorizationSheet.present(
                {
                    let appleRequest = ASAuthorizationAppleIDProvider().createRequest()
                    appleRequest.requestedScopes = AppleIDScope.allCases.filter(request.scopes.contains).map { scope in
                        switch scope {
                        case .fullName: ASAuthorization.Scope.fullName
                        case .email: ASAuthorization.Scope.email
                        }
                    }
                    appleRequest.nonce = request.nonce
                    return appleRequest
                }, anchor: anchor
            ) { error in
                AppleSystemSheetMapping.error(domain: error.domain, code: error.code, description: error.localizedDescription)
            }
            guard let credential = answer.credential as? ASAuthorizationAppleIDCredential else {
                throw .authorizationFailed("the sheet returned a credential that is not an Apple ID")
            }
            return AppleSystemSheetMapping.credential(
                user: credential.user,
                identityToken: credential.identityToken.map(Array.init),
                authorizationCode: credential.authorizationCode.map(Array.init),
                email: credential.email,
                givenName: credential.fullName?.givenName,
                familyName: credential.fullName?.familyName)
        }
    }
#endif
