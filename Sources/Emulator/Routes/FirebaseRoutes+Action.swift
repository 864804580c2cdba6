import AuthJWT
import Foundation

/// `GET /emulator/action`: where the Firebase emulator's mailed links land, as firebase-tools
/// answers them (src/emulator/auth/handlers.ts): `apiKey` and `oobCode` are required, and a
/// `signIn` link goes on (303) to its `continueUrl` with the link's other parameters, where the
/// app completes the sign-in (`signInWithEmailLink`); without one it says how to add it.
/// `resetPassword` sets the `newPassword` the URL carries (the emulator logs paths, never
/// queries), `verifyEmail` and `verifyAndChangeEmail` apply their code; each then goes on to the
/// link's `continueUrl`, or answers what it did.
extension FirebaseRoutes {
    func action(_ request: EmulatorRequest) async -> EmulatorResponse {
        let query = request.query
        switch query["mode"] {
        case "resetPassword", "verifyEmail", "verifyAndChangeEmail":
            guard let code = query["oobCode"], !code.isEmpty, let apiKey = query["apiKey"], !apiKey.isEmpty else {
                return Self.action(request)
            }
            return await applyAction(code: code, request: request)
        default:
            return Self.action(request)
        }
    }

    static func action(_ request: EmulatorRequest) -> EmulatorResponse {
        let query = request.query
        guard let apiKey = query["apiKey"], !apiKey.isEmpty else {
            return actionError(
                "missing apiKey query parameter",
                "Please modify the URL to specify an apiKey, such as ...&apiKey=YOUR_API_KEY")
        }
        guard let oobCode = query["oobCode"], !oobCode.isEmpty else {
            return actionError(
                "missing oobCode query parameter",
                "Please modify the URL to specify an oobCode, such as ...&oobCode=YOUR_OOB_CODE")
        }
        guard query["mode"] == "signIn" else { return .json(["authEmulator": .object(["error": .string("Invalid mode")])], status: 400) }
        guard let continueURL = query["continueUrl"], var target = URLComponents(string: continueURL),
            let scheme = target.scheme?.lowercased(), ["http", "https"].contains(scheme)
        else {
            return actionError("Missing continueUrl query parameter", "To sign in, append &continueUrl=YOUR_APP_URL to the link.")
        }
        var items = (target.queryItems ?? []).filter { item in query[item.name] == nil || item.name == "continueUrl" }
        for (name, value) in query.sorted(by: { $0.key < $1.key }) where name != "continueUrl" {
            items.append(URLQueryItem(name: name, value: value))
        }
        target.queryItems = items
        return EmulatorResponse(
            status: 303, headers: [("Location", target.string ?? continueURL), ("Cache-Control", "no-store")], body: [])
    }

    private static func actionError(_ error: String, _ instructions: String) -> EmulatorResponse {
        .json(["authEmulator": .object(["error": .string(error), "instructions": .string(instructions)])], status: 400)
    }
}
