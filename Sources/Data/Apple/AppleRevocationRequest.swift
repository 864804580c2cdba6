import AuthDomain
import AuthJWT
import Foundation

/// What an app sends its own server so that the server revokes a user's Sign in with Apple
/// tokens: a JSON body `{"authorization_code":"…"}`. The revocation needs the team's private
/// key, which belongs on that server and never in an app: there the `AuthAppleServer` library
/// reads this body and calls Apple (`AppleRESTTokenRevoker`). ``AppServerTokenRevoker`` sends it.
public struct AppleRevocationRequest: Sendable {
    /// The largest body read (an authorization code is under 100 bytes).
    public static let maximumBodyBytes = 4096

    /// A fresh authorization code from Apple (valid five minutes, single use).
    public var authorizationCode: Secret

    /// Creates a request.
    /// - Parameter authorizationCode: The code.
    public init(authorizationCode: Secret) {
        self.authorizationCode = authorizationCode
    }

    /// Reads a request body, as the app's server receives it.
    /// - Parameter body: The body.
    /// - Throws: ``AuthError/invalidInput(_:)`` for a body over ``maximumBodyBytes``, not a JSON
    ///   object, or without a non-empty string `authorization_code` (never repeating the body).
    public init(body: some Collection<UInt8>) throws(AuthError) {
        guard body.count <= Self.maximumBodyBytes else {
            throw .invalidInput("the revocation request is over \(Self.maximumBodyBytes) bytes")
        }
        guard let object = try? StrictJSONParser.parseObject(Array(body)) else {
            throw .invalidInput("the revocation request is not a JSON object")
        }
        guard let code = object["authorization_code"]?.stringValue, !code.isEmpty else {
            throw .invalidInput("the revocation request has no authorization_code")
        }
        self.authorizationCode = Secret(code)
    }

    /// The JSON body.
    public var body: Data {
        Data(JSONValue.object(["authorization_code": .string(authorizationCode.revealed)]).jsonString.utf8)
    }
}
