import AuthData
import AuthDomain
import Foundation

/// An ``AuthBackend`` test double: records every call and answers from what the test set.
public actor StubBackend: AuthBackend {
    /// A recorded call.
    public enum Call: Hashable, Sendable {
        case signIn(IDTokenCredential)
        case signInAnonymously
        case sendEmailCode(String)
        case verifyEmailCode(code: String, email: String)
        case refresh(String)
        case user
        case updateProfile(ProfileUpdate)
        case link(IDTokenCredential)
        case unlink(ProviderID)
        case signOut(SignOutScope)
        case deleteAccount
        case startWebSignIn(ProviderID, linking: Bool)
        case finishWebSignIn(code: String?, verifierChallenge: String)
    }

    /// Every call, in order.
    public private(set) var calls: [Call] = []
    /// The answer to sign-ins (ID token, anonymous, email code, link).
    public var signInResult: Result<BackendSignIn, AuthError>
    /// The answer to `updateProfile`; by default the user with the new display name.
    public var updateProfileError: AuthError?
    /// The answer to `refreshSession`.
    public var refreshResult: Result<AuthSession, AuthError>
    /// The answer to `signOut`.
    public var signOutError: AuthError?
    /// The answer to `sendEmailCode`.
    public var sendCodeError: AuthError?

    /// Creates a double that signs everyone in as `user`.
    /// - Parameter user: The user to return.
    public init(user: AuthUser = StubBackend.sampleUser, isNewUser: Bool = true) {
        let session = StubBackend.session(for: user.id)
        signInResult = .success(BackendSignIn(session: session, user: user, isNewUser: isNewUser))
        refreshResult = .success(StubBackend.session(for: user.id, suffix: "2"))
    }

    /// A sample user.
    public static let sampleUser = AuthUser(
        id: "user-1", email: "ada@example.com", displayName: nil, isEmailVerified: true, isAnonymous: false, providers: [.apple])

    /// A session for a user, valid one hour from 2026-01-01.
    public static func session(for userID: String, suffix: String = "1") -> AuthSession {
        AuthSession(
            accessToken: Secret("access-token-\(suffix)"), refreshToken: Secret("refresh-token-\(suffix)"),
            expiresAt: Date(timeIntervalSince1970: 1_767_225_600 + 3600), userID: userID)
    }

    /// Sets the sign-in answer.
    public func setSignInResult(_ result: Result<BackendSignIn, AuthError>) { signInResult = result }
    /// Sets the refresh answer.
    public func setRefreshResult(_ result: Result<AuthSession, AuthError>) { refreshResult = result }
    /// Sets the profile-update failure.
    public func setUpdateProfileError(_ error: AuthError?) { updateProfileError = error }
    /// Sets the sign-out failure.
    public func setSignOutError(_ error: AuthError?) { signOutError = error }

    public func signIn(with credential: IDTokenCredential) async throws(AuthError) -> BackendSignIn {
        calls.append(.signIn(credential))
        return try signInResult.get()
    }

    public func signInAnonymously() async throws(AuthError) -> BackendSignIn {
        calls.append(.signInAnonymously)
        return try signInResult.get()
    }

    public func sendEmailCode(to email: String) async throws(AuthError) -> EmailCodeChallenge {
        calls.append(.sendEmailCode(email))
        if let sendCodeError { throw sendCodeError }
        return EmailCodeChallenge(email: email, sentAt: Date(timeIntervalSince1970: 1_767_225_600))
    }

    public func verifyEmailCode(_ code: Secret, email: String) async throws(AuthError) -> BackendSignIn {
        calls.append(.verifyEmailCode(code: code.revealed, email: email))
        return try signInResult.get()
    }

    public func refreshSession(refreshToken: Secret) async throws(AuthError) -> AuthSession {
        calls.append(.refresh(refreshToken.revealed))
        return try refreshResult.get()
    }

    public func user(accessToken: Secret) async throws(AuthError) -> AuthUser {
        calls.append(.user)
        return try signInResult.get().user
    }

    public func updateProfile(_ update: ProfileUpdate, accessToken: Secret) async throws(AuthError) -> AuthUser {
        calls.append(.updateProfile(update))
        if let updateProfileError { throw updateProfileError }
        var user = try signInResult.get().user
        user.displayName = update.name.formatted
        return user
    }

    public func link(_ credential: IDTokenCredential, accessToken: Secret) async throws(AuthError) -> BackendSignIn {
        calls.append(.link(credential))
        return try signInResult.get()
    }

    public func unlink(_ provider: ProviderID, accessToken: Secret) async throws(AuthError) -> AuthUser {
        calls.append(.unlink(provider))
        return try signInResult.get().user
    }

    public func signOut(accessToken: Secret, scope: SignOutScope) async throws(AuthError) {
        calls.append(.signOut(scope))
        if let signOutError { throw signOutError }
    }

    public func deleteAccount(accessToken: Secret) async throws(AuthError) {
        calls.append(.deleteAccount)
    }
}

extension StubBackend: WebSignInBackend {
    /// Answers with `https://provider.example/authorize?state=…&redirect_uri=…`, expecting the
    /// request's own state back.
    public func startWebSignIn(_ request: WebSignInRequest) async throws(AuthError) -> WebSignInStart {
        calls.append(.startWebSignIn(request.provider, linking: request.linkingAccessToken != nil))
        var components = URLComponents(string: "https://provider.example/authorize")!
        components.queryItems = [
            URLQueryItem(name: "state", value: request.state),
            URLQueryItem(name: "redirect_uri", value: request.redirectURI.absoluteString),
            URLQueryItem(name: "code_challenge", value: request.codeChallenge),
        ]
        return WebSignInStart(authorizationURL: components.url!, expectedState: request.state, context: [:], request: request)
    }

    /// Signs in as the sign-in answer says; records the code and the challenge of the verifier.
    public func finishWebSignIn(callback: URL, start: WebSignInStart, codeVerifier: Secret) async throws(AuthError) -> BackendSignIn {
        let code = URLComponents(url: callback, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "code" }?.value
        calls.append(.finishWebSignIn(code: code, verifierChallenge: PKCE.challenge(for: codeVerifier.revealed)))
        return try signInResult.get()
    }
}
