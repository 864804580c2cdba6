import AuthJWT
import AuthSimulation

/// Batch import and delete, beside the other admin rows of ``FirebaseRoutes/table``.
extension FirebaseRoutes {
    /// `accounts:batchCreate` (import) and `accounts:batchDelete`, `Bearer owner`, on the project
    /// the path names.
    static var batchRows: [(method: String, pattern: String, summary: String, handler: RouteTable<FirebaseRoutes>.Handler)] {
        [
            (
                "POST", "\(admin)/accounts:batchCreate", "import up to 1000 users with their uids; per-row `error` (`Bearer owner`)",
                {
                    routes, call in
                    try routes.requireAdmin(call.request)
                    let engine = try routes.project(call[parameter: "project"])
                    return .json(try await engine.batchCreate(try routes.decodeObject(call.request)))
                }
            ),
            (
                "POST", "\(admin)/accounts:batchDelete", "delete up to 1000 users; enabled ones only with `force` (`Bearer owner`)",
                {
                    routes, call in
                    try routes.requireAdmin(call.request)
                    let engine = try routes.project(call[parameter: "project"])
                    return .json(try await engine.batchDelete(try routes.decodeObject(call.request)))
                }
            ),
        ]
    }
}
