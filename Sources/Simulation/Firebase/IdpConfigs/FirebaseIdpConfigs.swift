import AuthData
import AuthJWT
import Foundation

/// A project's Identity Platform provider configs, OIDC and SAML, by id: each the fields a client
/// set (``FirebaseIdpConfigKind/fields``), kept with the project's settings
/// (``FirebaseProjectConfig/idpConfigs``).
///
/// The rules follow Google's admin v2 reference (`projects.oauthIdpConfigs` and
/// `projects.inboundSamlConfigs`: `create` with the id in a query parameter, `patch` with an
/// `updateMask`, `list` with `pageSize` and `pageToken`): an unknown id answers
/// `CONFIGURATION_NOT_FOUND`, the code firebase-admin-python maps to `ConfigurationNotFoundError`
/// (firebase_admin/_auth_utils.py).
package struct FirebaseIdpConfigs: Codable, Hashable, Sendable {
    /// OIDC configs by id.
    package var oidc: [String: JSONValue] = [:]
    /// SAML configs by id.
    package var saml: [String: JSONValue] = [:]

    /// None.
    package init() {}

    subscript(kind: FirebaseIdpConfigKind) -> [String: JSONValue] {
        get { kind == .oidc ? oidc : saml }
        set { if kind == .oidc { oidc = newValue } else { saml = newValue } }
    }

    /// A stored config's fields.
    /// - Throws: `CONFIGURATION_NOT_FOUND`.
    func config(_ kind: FirebaseIdpConfigKind, id: String) throws(FirebaseFailure) -> JSONObject {
        guard let fields = self[kind][id]?.objectValue else { throw .code("CONFIGURATION_NOT_FOUND", status: 404) }
        return fields
    }

    /// Adds a config.
    /// - Throws: `INVALID_PROVIDER_ID`, `INVALID_CONFIG`, 409 `ALREADY_EXISTS`, `QUOTA_EXCEEDED`.
    mutating func create(_ kind: FirebaseIdpConfigKind, id: String?, body: JSONObject) throws(FirebaseFailure) -> JSONObject {
        let id = try Self.checkID(kind, id)
        guard self[kind][id] == nil else {
            throw FirebaseFailure(status: 409, code: "ALREADY_EXISTS", detail: "\(kind.collection)/\(id) already exists")
        }
        guard self[kind].count < FirebaseIdpConfigLimits.perProject else {
            throw .code("QUOTA_EXCEEDED", "at most \(FirebaseIdpConfigLimits.perProject) \(kind.collection) in a project")
        }
        let fields = try Self.apply(kind, body: body, mask: nil, to: [:])
        self[kind][id] = .object(fields)
        return fields
    }

    /// Changes the fields `updateMask` names (every field the body sets without one); a named field
    /// the body leaves out or sets to `null` is cleared.
    /// - Throws: `CONFIGURATION_NOT_FOUND`, `INVALID_ARGUMENT` for a path not in the config,
    ///   `INVALID_CONFIG`.
    mutating func update(
        _ kind: FirebaseIdpConfigKind, id: String, body: JSONObject, updateMask: String?
    ) throws(FirebaseFailure) -> JSONObject {
        let current = try config(kind, id: id)
        let mask = try updateMask.map { mask throws(FirebaseFailure) in try Self.paths(kind, mask) }
        let fields = try Self.apply(kind, body: body, mask: mask, to: current)
        self[kind][id] = .object(fields)
        return fields
    }

    /// Removes a config.
    /// - Throws: `CONFIGURATION_NOT_FOUND`.
    mutating func delete(_ kind: FirebaseIdpConfigKind, id: String) throws(FirebaseFailure) {
        _ = try config(kind, id: id)
        self[kind][id] = nil
    }

    /// A page of configs in id order, after the id a `pageToken` carries.
    /// - Returns: The ids and fields, and the next page's token when more follow.
    /// - Throws: `INVALID_ARGUMENT` for a negative or too large page size.
    func list(
        _ kind: FirebaseIdpConfigKind, pageSize: Int, after token: String?
    ) throws(FirebaseFailure) -> (page: [(String, JSONObject)], next: String?) {
        guard (0...FirebaseIdpConfigLimits.pageSize).contains(pageSize) else {
            throw .code("INVALID_ARGUMENT", "pageSize must be 0 to \(FirebaseIdpConfigLimits.pageSize)")
        }
        let size = pageSize == 0 ? FirebaseIdpConfigLimits.pageSize : pageSize
        let ids = self[kind].keys.sorted().filter { token == nil || $0 > token! }
        let page = ids.prefix(size).map { id in (id, self[kind][id]?.objectValue ?? [:]) }
        return (page, ids.count > size ? page.last?.0 : nil)
    }
}
