import AuthData
import AuthJWT
import AuthSimulation
import Foundation

/// Identity Platform's project config (`admin/v2/projects/{p}/config`), which the Admin SDKs
/// read and write (`passwordPolicyConfig`, `emailPrivacyConfig`, `mfa`), beside the other admin rows of
/// ``FirebaseRoutes/table``.
extension FirebaseRoutes {
    private static let adminV2 = "/identitytoolkit.googleapis.com/admin/v2/projects/{project}/config"

    /// `GET` and `PATCH` of the project's config, `Bearer owner`.
    static var adminConfigRows: [(method: String, pattern: String, summary: String, handler: RouteTable<FirebaseRoutes>.Handler)] {
        [
            (
                "GET", adminV2, "the project's `signIn`, `emailPrivacyConfig`, `passwordPolicyConfig`, `mfa` (`Bearer owner`)",
                { routes, call in
                    try routes.requireAdmin(call.request)
                    return .json(try await routes.project(call[parameter: "project"]).adminConfig())
                }
            ),
            (
                "PATCH", adminV2, "change the fields `updateMask` names (`Bearer owner`)",
                { routes, call in
                    try routes.requireAdmin(call.request)
                    let engine = try routes.project(call[parameter: "project"])
                    let body = try routes.decodeObject(call.request)
                    return .json(try await engine.updateAdminConfig(body, updateMask: call.request.query["updateMask"]))
                }
            ),
        ]
    }
}
