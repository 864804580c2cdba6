import AuthData
import Foundation

/// Whom an `accounts:sendOobCode` request mails, per request type (firebase-tools
/// src/emulator/auth/operations.ts `sendOobCode`).
extension FirebaseEngine {
    /// The address a code is for, the link's `mode`, and the new address of an email change.
    struct OobTarget {
        var email: String
        var mode: String
        var newEmail: String?
    }

    /// The target of a request, or `nil` for a password reset to an unknown address under email
    /// enumeration protection (answered as if sent).
    /// - Throws: The request type's refusals; 501 for a type not served.
    func oobTarget(_ request: FirebaseOobRequest, requestType: String) async throws(FirebaseFailure) -> OobTarget? {
        switch requestType {
        case "EMAIL_SIGNIN":
            return OobTarget(email: try Self.requiredEmail(request.email), mode: Self.mode(of: requestType))
        case "PASSWORD_RESET":
            let email = try Self.requiredEmail(request.email)
            let (config, exists) = try inspect { (store: FirebaseStore) throws(FirebaseFailure) in
                (store.config, store.rows.localId(email: email) != nil)
            }
            guard exists else {
                if config.enableImprovedEmailPrivacy { return nil }
                throw .code("EMAIL_NOT_FOUND")
            }
            return OobTarget(email: email, mode: Self.mode(of: requestType))
        case "VERIFY_EMAIL":
            return OobTarget(email: try await accountEmail(request), mode: Self.mode(of: requestType))
        case "VERIFY_AND_CHANGE_EMAIL":
            guard let raw = request.newEmail, !raw.isEmpty else { throw .code("MISSING_NEW_EMAIL") }
            guard let newEmail = try? EmailAddress.normalized(raw) else { throw .code("INVALID_NEW_EMAIL") }
            let email = try await accountEmail(request)
            if try inspect({ (store: FirebaseStore) throws(FirebaseFailure) in store.rows.localId(email: newEmail) }) != nil {
                throw .emailExists
            }
            return OobTarget(email: email, mode: Self.mode(of: requestType), newEmail: newEmail)
        default:
            throw .notImplemented(requestType)
        }
    }

    /// The account's address: by `email` for an admin's `returnOobLink` without an ID token
    /// (`USER_NOT_FOUND` if unknown), else the ID token's user's (`MISSING_EMAIL` without one).
    private func accountEmail(_ request: FirebaseOobRequest) async throws(FirebaseFailure) -> String {
        if request.returnOobLink == true, request.idToken == nil {
            let email = try Self.requiredEmail(request.email)
            guard try inspect({ (store: FirebaseStore) throws(FirebaseFailure) in store.rows.localId(email: email) }) != nil else {
                throw .userNotFound
            }
            return email
        }
        guard let email = try await authenticate(request.idToken ?? "").user.email else { throw .code("MISSING_EMAIL") }
        return email
    }

    /// The action link's `mode` for a request type, as firebase-tools writes it.
    static func mode(of requestType: String) -> String {
        ["PASSWORD_RESET": "resetPassword", "VERIFY_EMAIL": "verifyEmail", "VERIFY_AND_CHANGE_EMAIL": "verifyAndChangeEmail"][requestType]
            ?? "signIn"
    }

    private static func requiredEmail(_ raw: String?) throws(FirebaseFailure) -> String {
        guard let raw, !raw.isEmpty else { throw .code("MISSING_EMAIL") }
        guard let email = try? EmailAddress.normalized(raw) else { throw .code("INVALID_EMAIL") }
        return email
    }
}
