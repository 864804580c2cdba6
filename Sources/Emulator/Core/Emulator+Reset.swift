import AuthSimulation
import Foundation

extension Emulator {
    /// `POST /reset`: what `login reset` asks of a running emulator. The caller proves admin
    /// rights as each service's admin does: the Supabase service-role key, or Firebase's
    /// `owner`.
    func reset(_ request: EmulatorRequest) async -> EmulatorResponse {
        guard let bearer = request.bearer, bearer == serviceRoleKey || bearer.lowercased() == "owner" else {
            return .json(["error": .string("unauthorized"), "message": .string("POST /reset needs Authorization: Bearer <service-role key> or Bearer owner")],
                         status: 401)
        }
        await services.reset()
        return .json(["reset": .bool(true)])
    }
}
