import AuthData
import AuthDomain
import AuthJWT
import AuthSimulation
import Foundation

/// The `resetPassword`, `verifyEmail` and `verifyAndChangeEmail` modes of `GET /emulator/action`,
/// with firebase-tools' answers (src/emulator/auth/handlers.ts).
extension FirebaseRoutes {
    private static let placeholder = "NEW_PASSWORD_HERE"

    /// Applies a mailed code of the default project (the API key's, as in firebase-tools).
    func applyAction(code: String, request: EmulatorRequest) async -> EmulatorResponse {
        let query = request.query
        let mode = query["mode"] ?? ""
        do {
            let success: JSONObject
            switch mode {
            case "resetPassword":
                let peek = try? await engine.resetPassword(FirebaseResetPasswordRequest(oobCode: code, newPassword: nil))
                guard let peek, peek.requestType == "PASSWORD_RESET" else {
                    return Self.actionRefusal(
                        "Your request to reset your password has expired or the link has already been used.",
                        "Try resetting your password again.")
                }
                guard let newPassword = query["newPassword"], !newPassword.isEmpty, newPassword != Self.placeholder else {
                    return Self.missingPassword(request, email: peek.email ?? "", placeholder: query["newPassword"] == Self.placeholder)
                }
                let answer = try await engine.resetPassword(FirebaseResetPasswordRequest(oobCode: code, newPassword: Secret(newPassword)))
                success = ["success": .string("The password has been successfully updated."), "email": .string(answer.email ?? "")]
            default:
                var update = FirebaseUpdateRequest(idToken: nil)
                update.oobCode = code
                let changing = mode == "verifyAndChangeEmail"
                do {
                    let answer = try await engine.update(update)
                    success =
                        changing
                        ? ["success": .string("The email has been successfully changed."), "newEmail": .string(answer.newEmail ?? "")]
                        : ["success": .string("The email has been successfully verified."), "email": .string(answer.email ?? "")]
                } catch let failure where ["INVALID_OOB_CODE", "EXPIRED_OOB_CODE"].contains(failure.code) || failure.status == 501 {
                    return changing
                        ? Self.actionRefusal(
                            "Your request to change your email has expired or the link has already been used.",
                            "Try changing your email again.")
                        : Self.actionRefusal(
                            "Your request to verify your email has expired or the link has already been used.",
                            "Try verifying your email again.")
                }
            }
            if let next = Self.continueTarget(query["continueUrl"]) {
                return EmulatorResponse(status: 303, headers: [("Location", next), ("Cache-Control", "no-store")], body: [])
            }
            return .json(["authEmulator": .object(success)])
        } catch {
            return Self.error(error)
        }
    }

    /// A `continueUrl` to go on to: an absolute http(s) URL, else none.
    private static func continueTarget(_ raw: String?) -> String? {
        guard let raw, let url = URLComponents(string: raw), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            url.host?.isEmpty == false
        else { return nil }
        return raw
    }

    private static func missingPassword(_ request: EmulatorRequest, email: String, placeholder: Bool) -> EmulatorResponse {
        let link =
            "http://" + (request.headers["host"] ?? "127.0.0.1") + request.path + "?"
            + FormEncoding.encode(
                request.query.filter { $0.key != "newPassword" }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
        let template = link + "&newPassword=" + Self.placeholder
        let body: JSONObject =
            placeholder
            ? [
                "error": .string("newPassword must be something other than '\(Self.placeholder)'"),
                "instructions": .string("The string '\(Self.placeholder)' is just a placeholder."),
                "instructions2": .string("Please change the URL to specify a new password instead."), "urlTemplate": .string(template),
            ]
            : [
                "error": .string("missing newPassword query parameter"),
                "instructions": .string("To reset the password for \(email), send an HTTP GET request to the following URL."),
                "instructions2": .string("You may use a web browser or any HTTP client, such as curl."), "urlTemplate": .string(template),
            ]
        return .json(["authEmulator": .object(body)], status: 400)
    }

    private static func actionRefusal(_ error: String, _ instructions: String) -> EmulatorResponse {
        .json(["authEmulator": .object(["error": .string(error), "instructions": .string(instructions)])], status: 400)
    }
}
