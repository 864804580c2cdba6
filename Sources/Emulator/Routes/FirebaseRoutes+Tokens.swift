import AuthJWT
import AuthSimulation

/// Custom-token sign-in, session cookies and Apple token revocation, beside the other rows of
/// ``FirebaseRoutes/table``.
extension FirebaseRoutes {
    /// `accounts:signInWithCustomToken` (and its v3 name, `verifyCustomToken`) with an API key;
    /// `projects/{p}:createSessionCookie` with admin credentials.
    static var customTokenRows: [(method: String, pattern: String, summary: String, handler: RouteTable<FirebaseRoutes>.Handler)] {
        let signIn: RouteTable<FirebaseRoutes>.Handler = { routes, call in
            try routes.requireAPIKey(call.request)
            let body = try routes.decodeObject(call.request)
            return .json(try await routes.engine.signInWithCustomToken(body["token"]?.stringValue))
        }
        return [
            (
                "POST", "/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken",
                "sign in with a custom token: unsigned (Admin SDKs in emulator mode), RS256, or plain JSON (`?key=`)", signIn
            ),
            (
                "POST", "/www.googleapis.com/identitytoolkit/v3/relyingparty/verifyCustomToken",
                "v3 alias of `accounts:signInWithCustomToken` (the iOS SDK)", signIn
            ),
            (
                "POST", "\(admin):createSessionCookie",
                "a session cookie from an ID token, `validDuration` 5 min to 14 days (`Bearer owner`)",
                { routes, call in
                    try routes.requireAdmin(call.request)
                    let engine = try routes.project(call[parameter: "project"])
                    let body = try routes.decodeObject(call.request)
                    let idToken = body["idToken"]?.stringValue
                    return .json(try await engine.createSessionCookie(idToken: idToken, validDuration: body["validDuration"]))
                }
            ),
        ]
    }

    /// Identity Toolkit v2 `accounts:revokeToken` with an API key (the iOS SDK's
    /// `Auth.revokeToken(withAuthorizationCode:)`).
    static var revokeTokenRows: [(method: String, pattern: String, summary: String, handler: RouteTable<FirebaseRoutes>.Handler)] {
        [
            (
                "POST", "/identitytoolkit.googleapis.com/v2/accounts:revokeToken",
                "revoke the user's Sign in with Apple tokens at Apple (`tokenType` `CODE`: the code is exchanged first; `?key=`)",
                {
                    routes, call in
                    try routes.requireAPIKey(call.request)
                    return .json(try await routes.engine.revokeToken(try routes.decodeObject(call.request)))
                }
            )
        ]
    }
}
