import AuthData
import AuthJWT
import Foundation

/// A Firebase project's sign-in settings, by the names of the emulator's config API
/// (firebase-tools src/emulator/auth/operations.ts `getEmulatorProjectConfig`) and of Identity
/// Platform's `admin/v2/projects/{p}/config` (`passwordPolicyConfig`).
///
/// Email enumeration protection (`emailPrivacyConfig.enableImprovedEmailPrivacy`) is on by
/// default, as Google turns it on for every project created since 15 September 2023 (the
/// official emulator defaults it off): a password sign-in then answers
/// `INVALID_LOGIN_CREDENTIALS` for an unknown address or a wrong password alike, and
/// `createAuthUri` leaves `registered` out.
package struct FirebaseProjectConfig: Codable, Hashable, Sendable {
    /// `signIn.allowDuplicateEmails`: several accounts may share an address. Applied where
    /// firebase-tools applies it to a new account, `signInWithIdp`: an identity provider's user
    /// gets an account of its own, its address only in the provider's entry.
    package var allowDuplicateEmails = false
    /// `emailPrivacyConfig.enableImprovedEmailPrivacy`.
    package var enableImprovedEmailPrivacy = true
    /// `passwordPolicyConfig`.
    package var passwordPolicy = FirebasePasswordPolicy()
    /// `mfa`; `nil` in a row written before it existed, read as the defaults.
    package var mfa: FirebaseMFAConfig?
    /// Identity Platform's OIDC and SAML provider configs; `nil` until one is made.
    package var idpConfigs: FirebaseIdpConfigs?

    /// The defaults.
    package init() {}

    /// The emulator's view (`GET /emulator/v1/projects/{p}/config`).
    package var emulatorJSON: JSONObject {
        [
            "signIn": .object(["allowDuplicateEmails": .bool(allowDuplicateEmails)]),
            "emailPrivacyConfig": .object(["enableImprovedEmailPrivacy": .bool(enableImprovedEmailPrivacy)]),
            "mfa": .object((mfa ?? FirebaseMFAConfig()).json),
        ]
    }

    /// Identity Platform's view (`GET admin/v2/projects/{p}/config`).
    /// - Parameter projectID: The project.
    /// - Returns: The config resource.
    package func adminJSON(projectID: String) -> JSONObject {
        var object = emulatorJSON
        object["name"] = .string("projects/\(projectID)/config")
        object["passwordPolicyConfig"] = .object(passwordPolicy.json)
        return object
    }

    /// Applies a `PATCH` body: the fields it names (with `updateMask`, only those listed there).
    /// - Parameters:
    ///   - body: The request body.
    ///   - updateMask: The comma-separated field paths, if any.
    /// - Throws: `INVALID_CONFIG` for a field of the wrong type or a policy out of range.
    package mutating func apply(_ body: JSONObject, updateMask: String?) throws(FirebaseFailure) {
        let mask = updateMask.map { Set($0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }) }
        func wanted(_ path: String) -> Bool {
            mask.map { set in set.contains(path) || set.contains(where: { path.hasPrefix($0 + ".") }) } ?? true
        }
        if wanted("signIn.allowDuplicateEmails"), let value = body["signIn"]?.objectValue?["allowDuplicateEmails"] {
            guard let flag = value.boolValue else { throw .code("INVALID_CONFIG", "signIn.allowDuplicateEmails must be a boolean") }
            allowDuplicateEmails = flag
        }
        let privacy = body["emailPrivacyConfig"]?.objectValue?["enableImprovedEmailPrivacy"]
        if wanted("emailPrivacyConfig.enableImprovedEmailPrivacy"), let privacy {
            guard let flag = privacy.boolValue else {
                throw .code("INVALID_CONFIG", "emailPrivacyConfig.enableImprovedEmailPrivacy must be a boolean")
            }
            enableImprovedEmailPrivacy = flag
        }
        if wanted("mfa"), let object = body["mfa"] {
            guard let fields = object.objectValue else { throw .code("INVALID_CONFIG", "mfa must be an object") }
            var settings = mfa ?? FirebaseMFAConfig()
            try settings.apply(fields)
            mfa = settings
        }
        if wanted("passwordPolicyConfig"), let policy = body["passwordPolicyConfig"]?.objectValue {
            passwordPolicy = try FirebasePasswordPolicy(json: policy)
        }
    }
}
