import AuthSimulation
import Foundation

extension Emulator {
    /// `POST /reset`: what `login reset` asks of a running emulator. The caller proves admin
    /// rights as each service's admin does: the Supabase service-role key, or Firebase's
    /// `owner`.
    func reset(_ request: EmulatorRequest) async -> EmulatorResponse {
        guard let bearer = request.bearer, bearer == serviceRoleKey || bearer.lowercased() == "owner" else {
            return .json(
                [
                    "error": .string("unauthorized"),
                    "message": .string("POST /reset needs Authorization: Bearer <service-role key> or Bearer owner"),
                ],
                status: 401)
        }
        do {
            try await services.reset()
        } catch {
            return .json(
                ["error": .string("storage_failed"), "message": .string("the emulator's storage failed; nothing was reset")], status: 500)
        }
        do {
            try await configuration.seed?.load(into: services)
        } catch {
            return .json(
                ["error": .string("seed_refused"), "message": .string("reset, but the seed was not loaded: \(error.description)")],
                status: 500)
        }
        return .json(["reset": .bool(true)])
    }
}
