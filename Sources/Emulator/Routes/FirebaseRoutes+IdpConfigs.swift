import AuthJWT
import AuthSimulation

/// Identity Platform's OIDC and SAML provider configs (`projects/{p}/oauthIdpConfigs`,
/// `projects/{p}/inboundSamlConfigs`), `Bearer owner`, under `v2` (where the Admin SDKs send them,
/// firebase-admin-python firebase_admin/_auth_providers.py) and `admin/v2` (Google's reference).
extension FirebaseRoutes {
    typealias IdpConfigRow = (method: String, pattern: String, summary: String, handler: RouteTable<FirebaseRoutes>.Handler)

    /// Create, list, get, patch and delete of both kinds.
    static var idpConfigRows: [IdpConfigRow] {
        ["v2", "admin/v2"].flatMap { version in
            FirebaseIdpConfigKind.allCases.flatMap { kind in idpConfigRows(kind, base: "/identitytoolkit.googleapis.com/\(version)") }
        }
    }

    private static func idpConfigRows(_ kind: FirebaseIdpConfigKind, base: String) -> [IdpConfigRow] {
        let collection = "\(base)/projects/{project}/\(kind.collection)"
        let item = collection + "/{id}"
        return [
            (
                "POST", collection, "create a \(kind.idPrefix)… config (`?\(kind.idParameter)=`, `Bearer owner`)",
                { routes, call in
                    let (engine, body) = try await routes.idpConfigCall(call)
                    return .json(try await engine.createIdpConfig(kind, id: call.request.query[kind.idParameter], body: body))
                }
            ),
            (
                "GET", collection, "a page of the project's `\(kind.collection)` (`pageSize`, `pageToken`, `Bearer owner`)",
                { routes, call in
                    let (engine, _) = try await routes.idpConfigCall(call, body: false)
                    let query = call.request.query
                    return .json(try await engine.listIdpConfigs(kind, pageSize: query["pageSize"], pageToken: query["pageToken"]))
                }
            ),
            (
                "GET", item, "one config (`Bearer owner`)",
                { routes, call in
                    let (engine, _) = try await routes.idpConfigCall(call, body: false)
                    return .json(try await engine.idpConfig(kind, id: call[parameter: "id"]))
                }
            ),
            (
                "PATCH", item, "change the fields `updateMask` names (`Bearer owner`)",
                { routes, call in
                    let (engine, body) = try await routes.idpConfigCall(call)
                    let mask = call.request.query["updateMask"]
                    return .json(try await engine.updateIdpConfig(kind, id: call[parameter: "id"], body: body, updateMask: mask))
                }
            ),
            (
                "DELETE", item, "delete a config (`Bearer owner`)",
                { routes, call in
                    let (engine, _) = try await routes.idpConfigCall(call, body: false)
                    try await engine.deleteIdpConfig(kind, id: call[parameter: "id"])
                    return .json([:])
                }
            ),
        ]
    }

    private func idpConfigCall(_ call: RouteCall, body: Bool = true) async throws -> (FirebaseEngine, JSONObject) {
        try requireAdmin(call.request)
        let engine = try project(call[parameter: "project"])
        return (engine, body ? try decodeObject(call.request) : [:])
    }
}
