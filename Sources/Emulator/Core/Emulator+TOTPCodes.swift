import AuthData
import AuthJWT
import AuthSimulation

/// `GET /mfa/codes/{backend}`: the current codes of the caller's own TOTP factors, for
/// `login mfa code` against a running `login serve`. Neither service has such a route; it stands in
/// for the authenticator app, as `/mailbox/{email}` (and firebase-tools'
/// `/emulator/v1/projects/{p}/oobCodes`) for the inbox. It answers only the user the bearer token
/// names, checked as that service's user routes check it, so a secret never travels in a URL or
/// on a command line.
extension Emulator {
    func totpCodes(_ call: RouteCall) async -> EmulatorResponse {
        let request = call.request
        switch call[parameter: "backend"] {
        case "supabase":
            do {
                return Self.codes(try await services.supabase.totpCodes(bearer: request.bearer))
            } catch {
                return SupabaseRoutes.error(error, versioned: true)
            }
        case "firebase":
            let projects = services.firebaseProjects
            guard let engine = request.query["project"].map(projects.engine(for:)) ?? projects.defaultEngine else {
                return FirebaseRoutes.error(FirebaseFailure(status: 404, message: "PROJECT_NOT_FOUND"))
            }
            do {
                return Self.codes(try await engine.totpCodes(idToken: request.bearer))
            } catch {
                return FirebaseRoutes.error(error)
            }
        default:
            let message = "No backend \(call[parameter: "backend"]): supabase or firebase"
            return .json(["error": .string("not_found"), "message": .string(message)], status: 404)
        }
    }

    private static func codes(_ codes: [CurrentTOTPCode]) -> EmulatorResponse {
        .json(["codes": .array(codes.map(\.json))])
    }
}
