import AuthData
import AuthJWT
import AuthSimulation

/// The Identity Toolkit v2 passkey methods, under `/identitytoolkit.googleapis.com/v2/` with an
/// API key, as Google's reference names them.
extension FirebaseRoutes {
    private static let v2 = "/identitytoolkit.googleapis.com/v2/accounts"

    /// The rows the route table adds for passkeys.
    static var passkeyRows: [(method: String, pattern: String, summary: String, handler: RouteTable<FirebaseRoutes>.Handler)] {
        [
            (
                "POST", "\(v2)/passkeyEnrollment:start", "creation options for the signed-in user (`idToken`; `?key=`)",
                { routes, call in
                    try routes.requireAPIKey(call.request)
                    let body = try routes.decodeObject(call.request)
                    return .json(try await routes.engine.startPasskeyEnrollment(idToken: body["idToken"]?.stringValue))
                }
            ),
            (
                "POST", "\(v2)/passkeyEnrollment:finalize",
                "verify `authenticatorRegistrationResponse` and store the passkey (`name`): tokens (`?key=`)",
                { routes, call in
                    try routes.requireAPIKey(call.request)
                    let body = try routes.decodeObject(call.request)
                    let name = body["name"]?.stringValue ?? body["displayName"]?.stringValue
                    return .json(
                        try await routes.engine.finalizePasskeyEnrollment(
                            idToken: body["idToken"]?.stringValue, response: body["authenticatorRegistrationResponse"], name: name))
                }
            ),
            (
                "POST", "\(v2)/passkeySignIn:start", "request options for a discoverable sign-in (`?key=`)",
                { routes, call in
                    try routes.requireAPIKey(call.request)
                    _ = try routes.decodeObject(call.request)
                    return .json(try await routes.engine.startPasskeySignIn())
                }
            ),
            (
                "POST", "\(v2)/passkeySignIn:finalize", "verify `authenticatorAuthenticationResponse`: tokens (`?key=`)",
                { routes, call in
                    try routes.requireAPIKey(call.request)
                    let body = try routes.decodeObject(call.request)
                    return .json(try await routes.engine.finalizePasskeySignIn(response: body["authenticatorAuthenticationResponse"]))
                }
            ),
        ]
    }
}
