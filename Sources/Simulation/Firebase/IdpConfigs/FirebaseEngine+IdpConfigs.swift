import AuthData
import AuthJWT
import Foundation

/// Identity Platform's provider configs through the admin v2 API (`projects.oauthIdpConfigs`,
/// `projects.inboundSamlConfigs` in Google's reference), kept with the project's settings so
/// that they survive a restart and `DELETE …/accounts`, and go with `login reset`.
extension FirebaseEngine {
    /// `POST …/{collection}?{idParameter}=`.
    /// - Parameters:
    ///   - kind: OIDC or SAML.
    ///   - id: The id from the query (`oidc.…`, `saml.…`).
    ///   - body: The config's fields.
    /// - Returns: The config resource.
    /// - Throws: `INVALID_PROVIDER_ID`, `INVALID_CONFIG`, 409 `ALREADY_EXISTS`, `QUOTA_EXCEEDED`.
    package func createIdpConfig(
        _ kind: FirebaseIdpConfigKind, id: String?, body: JSONObject
    ) async throws(FirebaseFailure) -> JSONObject {
        try changeIdpConfigs { (configs: inout FirebaseIdpConfigs) throws(FirebaseFailure) in
            resource(kind, id: id ?? "", try configs.create(kind, id: id, body: body))
        }
    }

    /// `GET …/{collection}/{id}`.
    /// - Throws: `CONFIGURATION_NOT_FOUND`.
    package func idpConfig(_ kind: FirebaseIdpConfigKind, id: String) async throws(FirebaseFailure) -> JSONObject {
        resource(kind, id: id, try idpConfigs().config(kind, id: id))
    }

    /// `PATCH …/{collection}/{id}?updateMask=`.
    /// - Throws: `CONFIGURATION_NOT_FOUND`, `INVALID_ARGUMENT` (a mask path not in the config), `INVALID_CONFIG`.
    package func updateIdpConfig(
        _ kind: FirebaseIdpConfigKind, id: String, body: JSONObject, updateMask: String?
    ) async throws(FirebaseFailure) -> JSONObject {
        try changeIdpConfigs { (configs: inout FirebaseIdpConfigs) throws(FirebaseFailure) in
            resource(kind, id: id, try configs.update(kind, id: id, body: body, updateMask: updateMask))
        }
    }

    /// `DELETE …/{collection}/{id}`.
    /// - Throws: `CONFIGURATION_NOT_FOUND`.
    package func deleteIdpConfig(_ kind: FirebaseIdpConfigKind, id: String) async throws(FirebaseFailure) {
        try changeIdpConfigs { (configs: inout FirebaseIdpConfigs) throws(FirebaseFailure) in
            try configs.delete(kind, id: id)
        }
    }

    /// `GET …/{collection}?pageSize=&pageToken=`: `{collection: [...], nextPageToken}`.
    /// - Throws: `INVALID_ARGUMENT` for a page size that is not 0 to 100 or a malformed token.
    package func listIdpConfigs(
        _ kind: FirebaseIdpConfigKind, pageSize: String?, pageToken: String?
    ) async throws(FirebaseFailure) -> JSONObject {
        guard let size = pageSize.map({ Int($0) }) ?? 0 else { throw .code("INVALID_ARGUMENT", "pageSize must be an integer") }
        let token = pageToken.flatMap { $0.isEmpty ? nil : $0 }
        if let token, token.count > FirebaseIdpConfigLimits.id { throw .code("INVALID_ARGUMENT", "malformed pageToken") }
        let (page, next) = try idpConfigs().list(kind, pageSize: size, after: token)
        var answer: JSONObject = [:]
        if !page.isEmpty { answer[kind.collection] = .array(page.map { .object(resource(kind, id: $0.0, $0.1)) }) }
        answer["nextPageToken"] = next.map(JSONValue.string)
        return answer
    }

    private func idpConfigs() throws(FirebaseFailure) -> FirebaseIdpConfigs { try projectConfig().idpConfigs ?? FirebaseIdpConfigs() }

    private func changeIdpConfigs<Result>(
        _ change: (inout FirebaseIdpConfigs) throws(FirebaseFailure) -> Result
    ) throws(FirebaseFailure) -> Result {
        try mutateBlocking { (store: FirebaseStore) throws(FirebaseFailure) in
            var config = store.config
            var configs = config.idpConfigs ?? FirebaseIdpConfigs()
            let result = try change(&configs)
            config.idpConfigs = configs
            store.rows.setProjectConfig(config)
            return result
        }
    }

    private func resource(_ kind: FirebaseIdpConfigKind, id: String, _ fields: JSONObject) -> JSONObject {
        var object: JSONObject = ["name": .string("projects/\(configuration.projectID)/\(kind.collection)/\(id)")]
        object.merge(fields)
        return object
    }
}
