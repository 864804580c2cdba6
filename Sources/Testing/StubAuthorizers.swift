import AuthDomain
import Foundation

/// An ``AppleIDAuthorizing`` double: returns a scripted credential or error and records each
/// request.
public actor StubAppleAuthorizer: AppleIDAuthorizing {
    /// The requests received.
    public private(set) var requests: [AppleIDRequest] = []
    /// The answer.
    public var result: Result<AppleIDCredential, AuthError>
    /// The answer to credential-state queries.
    public var state: AppleIDCredentialState = .authorized
    /// Whether credential-state queries fail instead.
    public var stateFails = false
    /// How many credential-state queries were answered.
    public private(set) var stateQueries = 0
    private let revocations = AsyncStream.makeStream(of: Void.self)

    /// Creates a double.
    /// - Parameter result: The answer to every authorization.
    public init(result: Result<AppleIDCredential, AuthError>) { self.result = result }

    /// A first-authorization credential with name and email.
    public static let firstTime = AppleIDCredential(
        user: "001234.abcdef.1234", identityToken: "header.payload.signature", authorizationCode: "c0de",
        email: "ada@example.com", fullName: PersonName(givenName: "Ada", familyName: "Lovelace"))

    /// A returning credential: no name, no email.
    public static let returning = AppleIDCredential(
        user: "001234.abcdef.1234", identityToken: "header.payload.signature", authorizationCode: "c0de", email: nil, fullName: nil)

    /// Sets the answer to credential-state queries.
    public func setState(_ state: AppleIDCredentialState) { self.state = state }

    /// Makes credential-state queries fail (Apple unreachable) or answer again.
    public func setStateFails(_ fails: Bool) { stateFails = fails }

    /// Reports a revocation, as `credentialRevokedNotification` does on a device.
    public nonisolated func reportRevocation() { revocations.continuation.yield() }

    public func authorize(_ request: AppleIDRequest) async throws(AuthError) -> AppleIDCredential {
        requests.append(request)
        return try result.get()
    }

    public func credentialState(forUserID userID: String) async throws(AuthError) -> AppleIDCredentialState {
        stateQueries += 1
        if stateFails { throw .network("Apple is unreachable") }
        return state
    }

    public nonisolated func credentialRevocations() -> AsyncStream<Void> { revocations.stream }
}

/// A ``GoogleSignInAuthorizing`` double.
public actor StubGoogleAuthorizer: GoogleSignInAuthorizing {
    /// The requests received.
    public private(set) var requests: [GoogleSignInRequest] = []
    /// The answer.
    public var result: Result<GoogleSignInCredential, AuthError>

    /// Creates a double.
    /// - Parameter result: The answer.
    public init(result: Result<GoogleSignInCredential, AuthError>) { self.result = result }

    /// A sample credential.
    public static let sample = GoogleSignInCredential(
        userID: "1123", idToken: "google.id.token", accessToken: "ya29.token", email: "grace@example.com",
        name: PersonName(givenName: "Grace", familyName: "Hopper"))

    public func signIn(_ request: GoogleSignInRequest) async throws(AuthError) -> GoogleSignInCredential {
        requests.append(request)
        return try result.get()
    }
}
