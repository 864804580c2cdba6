import AuthDomain
import AuthJWT
import Foundation

/// Reads the ceremony options a service sends (WebAuthn Level 3 `PublicKeyCredentialCreationOptions`
/// and `PublicKeyCredentialRequestOptions` as JSON) into the authenticator port's types, with
/// every field bounded as the spec bounds it.
package enum PasskeyOptionsJSON {
    /// The longest challenge read (WebAuthn asks for at least 16 random bytes; services send 32).
    static let maxChallengeBytes = 1024
    /// The longest user handle (WebAuthn section 5.4.3: at most 64 bytes).
    static let maxUserHandleBytes = 64
    /// The longest credential ID (WebAuthn section 4: at most 1023 bytes).
    static let maxCredentialIDBytes = 1023
    /// The most excluded credentials read (a service lists a user's passkeys, at most 10 here).
    static let maxExcludedCredentials = 100
    /// The longest RP ID (a DNS name) and names.
    static let maxNameBytes = 1024

    /// Creation options.
    /// - Parameters:
    ///   - options: The `options` object.
    ///   - encoding: How the service writes bytes.
    /// - Returns: The options for ``PasskeyAuthenticating/createPasskey(_:)``.
    /// - Throws: ``AuthError/backend(_:)`` (`unexpected_response`) naming the field that is wrong.
    package static func creation(_ options: JSONObject, encoding: PasskeyByteEncoding) throws(AuthError) -> PasskeyCreationOptions {
        guard let rp = options["rp"]?.objectValue, let rpID = text(rp["id"]), !rpID.isEmpty else { throw invalid("rp.id") }
        guard let user = options["user"]?.objectValue,
            let handle = text(user["id"]).flatMap(encoding.decode), (1...maxUserHandleBytes).contains(handle.count)
        else { throw invalid("user.id") }
        let excluded = options["excludeCredentials"]?.arrayValue ?? []
        guard excluded.count <= maxExcludedCredentials else { throw invalid("excludeCredentials") }
        var excludedIDs: [Data] = []
        for entry in excluded {
            guard let id = text(entry.objectValue?["id"]).flatMap(encoding.decode), (1...maxCredentialIDBytes).contains(id.count) else {
                throw invalid("excludeCredentials.id")
            }
            excludedIDs.append(Data(id))
        }
        return PasskeyCreationOptions(
            challenge: try challenge(options, encoding), relyingPartyID: rpID, relyingPartyName: text(rp["name"]) ?? rpID,
            userHandle: Data(handle), userName: text(user["name"]) ?? "", excludedCredentialIDs: excludedIDs)
    }

    /// Request options for a discoverable sign-in.
    /// - Parameters:
    ///   - options: The `options` object.
    ///   - encoding: How the service writes bytes.
    ///   - defaultRPID: The RP ID when the options name none (WebAuthn: the caller's origin's domain).
    /// - Returns: The options for ``PasskeyAuthenticating/assertPasskey(_:)``.
    /// - Throws: ``AuthError/backend(_:)`` (`unexpected_response`) naming the field that is wrong.
    package static func request(
        _ options: JSONObject, encoding: PasskeyByteEncoding, defaultRPID: String?
    ) throws(AuthError) -> PasskeyRequestOptions {
        guard let rpID = text(options["rpId"]) ?? defaultRPID, !rpID.isEmpty else { throw invalid("rpId") }
        return PasskeyRequestOptions(challenge: try challenge(options, encoding), relyingPartyID: rpID)
    }

    private static func challenge(_ options: JSONObject, _ encoding: PasskeyByteEncoding) throws(AuthError) -> Data {
        guard let challenge = text(options["challenge"]).flatMap(encoding.decode), (16...maxChallengeBytes).contains(challenge.count) else {
            throw invalid("challenge")
        }
        return Data(challenge)
    }

    private static func text(_ value: JSONValue?) -> String? {
        value?.stringValue.flatMap { $0.utf8.count <= PasskeyByteEncoding.maxTextBytes ? $0 : nil }
    }

    private static func invalid(_ field: String) -> AuthError {
        .backend(BackendError(code: "unexpected_response", message: "the passkey options' \(field) is missing or malformed"))
    }
}
