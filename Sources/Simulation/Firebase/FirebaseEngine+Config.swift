import AuthData
import AuthJWT
import Foundation

/// The project's settings through the emulator's config API (firebase-tools
/// src/emulator/auth/operations.ts `getEmulatorProjectConfig`, `updateEmulatorProjectConfig`)
/// and Identity Platform's `admin/v2/projects/{p}/config` (`getConfig`, `updateConfig`), kept
/// in the project's rows so that they survive a restart.
extension FirebaseEngine {
    /// `GET /emulator/v1/projects/{p}/config`.
    package func emulatorConfig() async throws(FirebaseFailure) -> JSONObject { try projectConfig().emulatorJSON }

    /// `PATCH /emulator/v1/projects/{p}/config`: `signIn.allowDuplicateEmails` and
    /// `emailPrivacyConfig.enableImprovedEmailPrivacy`, where the body names them.
    /// - Parameter body: The request body.
    /// - Returns: The settings after the change.
    /// - Throws: `INVALID_CONFIG` for a value of the wrong type.
    package func updateEmulatorConfig(_ body: JSONObject) async throws(FirebaseFailure) -> JSONObject {
        var mask: [String] = []
        if body["signIn"]?.objectValue?["allowDuplicateEmails"] != nil { mask.append("signIn.allowDuplicateEmails") }
        if body["emailPrivacyConfig"]?.objectValue?["enableImprovedEmailPrivacy"] != nil {
            mask.append("emailPrivacyConfig.enableImprovedEmailPrivacy")
        }
        if body["mfa"] != nil { mask.append("mfa") }
        return try changeConfig(body, updateMask: mask.joined(separator: ",")).emulatorJSON
    }

    /// `GET /identitytoolkit.googleapis.com/admin/v2/projects/{p}/config`.
    package func adminConfig() async throws(FirebaseFailure) -> JSONObject {
        try projectConfig().adminJSON(projectID: configuration.projectID)
    }

    /// `PATCH …/admin/v2/projects/{p}/config?updateMask=`: the fields the mask names (all the body
    /// names without one), `passwordPolicyConfig` included.
    /// - Parameters:
    ///   - body: The request body.
    ///   - updateMask: The `updateMask` query parameter.
    /// - Returns: The config after the change.
    /// - Throws: `INVALID_CONFIG`.
    package func updateAdminConfig(_ body: JSONObject, updateMask: String?) async throws(FirebaseFailure) -> JSONObject {
        try changeConfig(body, updateMask: updateMask).adminJSON(projectID: configuration.projectID)
    }

    private func changeConfig(_ body: JSONObject, updateMask: String?) throws(FirebaseFailure) -> FirebaseProjectConfig {
        try mutateBlocking { (store: FirebaseStore) throws(FirebaseFailure) in
            var config = store.config
            try config.apply(body, updateMask: updateMask)
            store.rows.setProjectConfig(config)
            return config
        }
    }
}
