import AuthData
import AuthJWT
import AuthSimulation
import Foundation

/// The Admin API's user listings, beside the other admin rows of ``FirebaseRoutes/table``.
extension FirebaseRoutes {
    /// `accounts:query` (POST) and `accounts:batchGet` (GET), `Bearer owner`, on the project the
    /// path names.
    static var adminUserRows: [(method: String, pattern: String, summary: String, handler: RouteTable<FirebaseRoutes>.Handler)] {
        [
            (
                "POST", "\(admin)/accounts:query", "every user of the project, by `localId` (`Bearer owner`)",
                { routes, call in
                    try routes.requireAdmin(call.request)
                    let engine = try routes.project(call[parameter: "project"])
                    return .json(try await engine.adminQuery(try routes.decodeObject(call.request)))
                }
            ),
            (
                "GET", "\(admin)/accounts:batchGet", "the project's users a page at a time (`maxResults`, `nextPageToken`; `Bearer owner`)",
                { routes, call in
                    try routes.requireAdmin(call.request)
                    let engine = try routes.project(call[parameter: "project"])
                    let query = call.request.query
                    return .json(try await engine.adminBatchGet(maxResults: query["maxResults"], nextPageToken: query["nextPageToken"]))
                }
            ),
        ]
    }
}
