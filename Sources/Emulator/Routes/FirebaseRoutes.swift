import AuthData
import AuthJWT
import AuthSimulation
import Foundation

/// Firebase Auth as Google serves it (and as the official emulator addresses it): Identity
/// Toolkit v1 under `/identitytoolkit.googleapis.com/v1/`, the v3 aliases the iOS SDK uses under
/// `/www.googleapis.com/identitytoolkit/v3/relyingparty/`, Secure Token under
/// `/securetoken.googleapis.com/v1/token`, the admin routes under
/// `/identitytoolkit.googleapis.com/v1/projects/{project}/…` (Bearer `owner`), and the
/// emulator-only `/emulator/v1/projects/{project}/…`.
///
/// Each project has its own users: a route with `{project}` in its path reaches that project's
/// engine only; a route with an API key reaches the default project's, as in Google's emulator
/// (which ignores the key).
struct FirebaseRoutes {
    let projects: FirebaseProjects
    /// The default project's engine, which API-key routes reach.
    var engine: FirebaseEngine { projects.defaultEngine }

    /// v3 `relyingparty` names and the v1 methods they alias.
    static let v3Aliases: [String: String] = [
        "signupNewUser": "accounts:signUp", "verifyAssertion": "accounts:signInWithIdp", "getAccountInfo": "accounts:lookup",
        "setAccountInfo": "accounts:update", "deleteAccount": "accounts:delete", "getOobConfirmationCode": "accounts:sendOobCode",
        "emailLinkSignin": "accounts:signInWithEmailLink", "createAuthUri": "accounts:createAuthUri",
        "verifyPassword": "accounts:signInWithPassword", "resetPassword": "accounts:resetPassword",
    ]

    private static let client = "/identitytoolkit.googleapis.com/v1"
    private static let relyingParty = "/www.googleapis.com/identitytoolkit/v3/relyingparty"
    static let admin = "/identitytoolkit.googleapis.com/v1/projects/{project}"
    private static let emulator = "/emulator/v1/projects/{project}"

    /// Every Firebase route, under Google's own host names as the first path segment.
    static let table: RouteTable<FirebaseRoutes> = {
        typealias Row = (method: String, pattern: String, summary: String, handler: RouteTable<FirebaseRoutes>.Handler)
        let clientMethods: [(String, String)] = [
            ("accounts:signUp", "an anonymous user, or an email + password account (`idToken`: the signed-in user's)"),
            ("accounts:signInWithPassword", "sign in with an email and a password"),
            ("accounts:resetPassword", "read an email action code; with `newPassword`, spend a `PASSWORD_RESET` code"),
            ("accounts:signInWithIdp", "sign in or link with an Apple or Google ID token (in `postBody` or `requestUri`)"),
            ("accounts:lookup", "the signed-in user"),
            ("accounts:update", "update the profile, email, password; unlink providers; apply an `oobCode`"),
            ("accounts:delete", "delete the signed-in user (recent sign-in required)"),
            ("accounts:sendOobCode", "mail a sign-in, password reset, verification or email change link"),
            ("accounts:signInWithEmailLink", "sign in with the link's `oobCode`; with `idToken`, add the email to that user"),
            (
                "accounts:createAuthUri",
                """
                with `providerId`: the provider's sign-in page (`authUri`) and a `sessionId` for `signInWithIdp`; with `identifier`:\
                 its sign-in methods
                """
            ),
        ]
        var rows: [Row] = clientMethods.map { method, summary -> Row in
            (
                "POST", "\(client)/\(method)", summary + " (`?key=`)",
                { routes, call in try await routes.client(method: method, call.request) }
            )
        }
        rows += v3Aliases.sorted { $0.key < $1.key }.map { alias, method -> Row in
            (
                "POST", "\(relyingParty)/\(alias)", "v3 alias of `\(method)` (the iOS SDK)",
                { routes, call in
                    try await routes.client(method: method, call.request)
                }
            )
        }
        let mfaMethods: [(String, String)] = [
            ("accounts/mfaEnrollment:start", "a TOTP secret (`totpEnrollmentInfo`) for the signed-in user"),
            ("accounts/mfaEnrollment:finalize", "enrol the TOTP factor with a code (`totpVerificationInfo`)"),
            ("accounts/mfaEnrollment:withdraw", "remove a second factor (`mfaEnrollmentId`)"),
            ("accounts/mfaSignIn:start", "check the factor of a `mfaPendingCredential` (TOTP: no challenge)"),
            ("accounts/mfaSignIn:finalize", "the tokens for a `mfaPendingCredential` and a TOTP code"),
        ]
        rows += mfaMethods.map { method, summary -> Row in
            (
                "POST", "/identitytoolkit.googleapis.com/v2/\(method)", summary + " (`?key=`)",
                { routes, call in
                    try await routes.mfa(method: method, call.request)
                }
            )
        }
        rows.append(
            (
                "POST", "/securetoken.googleapis.com/v1/token", "refresh (form or JSON, snake or camel case)",
                { routes, call in
                    try routes.requireAPIKey(call.request)
                    return .json(encoding: try await routes.secureToken(call.request))
                }
            ))
        let adminMethods: [(String, String)] = [
            ("accounts", "create a user"), ("accounts:lookup", "look users up"),
            ("accounts:update", "update a user, revoke tokens (`validSince`)"),
            ("accounts:delete", "delete a user"), ("accounts:sendOobCode", "mail an email sign-in link"),
        ]
        rows += adminMethods.map { method, summary -> Row in
            (
                "POST", "\(admin)/\(method)", summary + " (`Bearer owner`)",
                { routes, call in
                    try routes.requireAdmin(call.request)
                    let engine = try routes.project(call[parameter: "project"])
                    return try await routes.admin(method: method, call.request, engine: engine)
                }
            )
        }
        rows += adminUserRows
        rows += passkeyRows
        rows += adminConfigRows + idpConfigRows
        rows += customTokenRows + batchRows + revokeTokenRows
        let emulatorRows: [Row] = [
            (
                "DELETE", "\(emulator)/accounts", "forget every user of the project",
                { routes, call in
                    try await routes.project(call[parameter: "project"]).wipeAccounts()
                    return .json([:])
                }
            ),
            (
                "GET", "\(emulator)/oobCodes", "the project's email links sent",
                { routes, call in
                    try await Self.oobCodes(of: try routes.project(call[parameter: "project"]))
                }
            ),
            (
                "GET", "\(emulator)/config", "the project's `signIn.allowDuplicateEmails`, `emailPrivacyConfig` and `mfa`",
                { routes, call in
                    .json(try await routes.project(call[parameter: "project"]).emulatorConfig())
                }
            ),
            (
                "PATCH", "\(emulator)/config",
                "change `signIn.allowDuplicateEmails`, `emailPrivacyConfig.enableImprovedEmailPrivacy`, `mfa`",
                {
                    routes, call in
                    let engine = try routes.project(call[parameter: "project"])
                    return .json(try await engine.updateEmulatorConfig(try routes.decodeObject(call.request)))
                }
            ),
            (
                "GET", "/emulator/action",
                "where a mailed link lands: `signIn` goes on (303) to its `continueUrl`; `resetPassword` (with `newPassword`), "
                    + "`verifyEmail`, `verifyAndChangeEmail` apply the code (firebase-tools' handler)",
                { routes, call in await routes.action(call.request) }
            ),
        ]
        rows += emulatorRows
        return RouteTable(prefix: "", rows)
    }()

    func handle(_ request: EmulatorRequest, segments: [String]) async -> EmulatorResponse {
        do {
            return try await Self.table.respond(self, to: request, path: segments[...]) { status in
                Self.error(status == 405 ? FirebaseFailure(status: 405, message: "Method Not Allowed") : Self.notFound)
            }
        } catch let failure as FirebaseFailure {
            return Self.error(failure)
        } catch {
            return Self.error(FirebaseFailure(status: 500, message: "INTERNAL_ERROR"))
        }
    }

    // MARK: - Client API (API key)

    private func client(method: String, _ request: EmulatorRequest) async throws -> EmulatorResponse {
        try requireAPIKey(request)
        switch method {
        case "accounts:signInWithIdp":
            return .json(encoding: try await engine.signInWithIdp(try decode(request), client: request.clientAddress))
        case "accounts:signUp":
            return .json(encoding: try await engine.signUp(try decode(request), client: request.clientAddress))
        case "accounts:lookup":
            let body: FirebaseAccountRequest = try decode(request)
            return .json(encoding: try await engine.lookup(idToken: body.idToken))
        case "accounts:update":
            return .json(encoding: try await engine.update(try decode(request)))
        case "accounts:delete":
            let body: FirebaseAccountRequest = try decode(request)
            try await engine.deleteAccount(idToken: body.idToken)
            return .json(["kind": .string("identitytoolkit#DeleteAccountResponse")])
        case "accounts:sendOobCode":
            return .json(encoding: try await engine.sendOobCode(try decode(request)))
        case "accounts:signInWithPassword":
            return .json(encoding: try await engine.signInWithPassword(try decode(request)))
        case "accounts:resetPassword":
            return .json(encoding: try await engine.resetPassword(try decode(request)))
        case "accounts:signInWithEmailLink":
            return .json(encoding: try await engine.signInWithEmailLink(try decode(request), client: request.clientAddress))
        case "accounts:createAuthUri":
            let body: FirebaseCreateAuthUriRequest = try decode(request)
            if body.providerId?.isEmpty == false {
                return .json(
                    encoding: try engine.createAuthUri(
                        providerId: body.providerId, continueUri: body.continueUri,
                        base: "http://" + (request.headers["host"] ?? "127.0.0.1")))
            }
            return .json(try await engine.signInMethods(identifier: body.identifier, continueUri: body.continueUri))
        default:
            throw Self.notFound
        }
    }

    private func mfa(method: String, _ request: EmulatorRequest) async throws -> EmulatorResponse {
        try requireAPIKey(request)
        switch method {
        case "accounts/mfaSignIn:start":
            try await engine.startMFASignIn(try decode(request))
            return .json([:])
        case "accounts/mfaSignIn:finalize":
            return .json(encoding: try await engine.finalizeMFASignIn(try decode(request)))
        default: break
        }
        let body: FirebaseMFAEnrollmentRequest = try decode(request)
        switch method {
        case "accounts/mfaEnrollment:start": return .json(encoding: try await engine.startMFAEnrollment(body))
        case "accounts/mfaEnrollment:finalize": return .json(encoding: try await engine.finalizeMFAEnrollment(body))
        case "accounts/mfaEnrollment:withdraw": return .json(encoding: try await engine.withdrawMFAEnrollment(body))
        default: throw Self.notFound
        }
    }

    private func secureToken(_ request: EmulatorRequest) async throws -> FirebaseSecureTokenResponse {
        let fields: [String: String]
        if request.contentType == "application/x-www-form-urlencoded" {
            guard let form = FormEncoding.decode(String(decoding: request.body, as: UTF8.self)) else {
                throw Self.invalidPayload("malformed form")
            }
            fields = form
        } else {
            let object: JSONObject = try decodeObject(request)
            fields = Dictionary(
                object.entries.compactMap { entry in entry.value.stringValue.map { (entry.key, $0) } }, uniquingKeysWith: { $1 })
        }
        return try await engine.secureToken(
            grantType: fields["grant_type"] ?? fields["grantType"], refreshToken: fields["refresh_token"] ?? fields["refreshToken"])
    }

    // MARK: - Admin API (Bearer owner)

    private func admin(method: String, _ request: EmulatorRequest, engine: FirebaseEngine) async throws -> EmulatorResponse {
        switch method {
        case "accounts":
            return .json(encoding: try await engine.adminCreateUser(try decode(request)))
        case "accounts:lookup":
            return .json(encoding: try await engine.adminLookup(try decode(request)))
        case "accounts:update":
            return .json(encoding: try await engine.adminUpdate(try decode(request)))
        case "accounts:delete":
            let body: FirebaseAccountRequest = try decode(request)
            try await engine.adminDelete(localId: body.localId?.values.first)
            return .json(["kind": .string("identitytoolkit#DeleteAccountResponse")])
        case "accounts:sendOobCode":
            return .json(encoding: try await engine.sendOobCode(try decode(request), isAdmin: true))
        default:
            throw Self.notFound
        }
    }

    // MARK: - Emulator-only routes

    private static func oobCodes(of engine: FirebaseEngine) async throws -> EmulatorResponse {
        let codes = try await engine.oobCodes().map { code -> JSONValue in
            .object([
                "email": .string(code.email), "oobCode": .string(code.oobCode), "oobLink": .string(code.oobLink),
                "requestType": .string(code.requestType),
            ])
        }
        return .json(["oobCodes": .array(codes)])
    }

    // MARK: - Checks and decoding

    /// The API-key check (also for the routes defined in other files).
    func requireAPIKey(_ request: EmulatorRequest) throws {
        let key = request.query["key"] ?? request.headers["x-goog-api-key"]
        guard let key, !key.isEmpty else {
            throw FirebaseFailure(status: 403, message: "The request is missing a valid API key.")
        }
    }

    func requireAdmin(_ request: EmulatorRequest) throws {
        guard let bearer = request.bearer, bearer.lowercased() == "owner" || bearer.hasPrefix("ya29.") else {
            throw FirebaseFailure(status: 401, message: "UNAUTHENTICATED : Request is missing required authentication credential.")
        }
    }

    /// The engine of the project a path names.
    func project(_ project: String) throws -> FirebaseEngine {
        guard let engine = projects.engine(for: project) else { throw FirebaseFailure(status: 404, message: "PROJECT_NOT_FOUND") }
        return engine
    }

    private func decode<T: Decodable>(_ request: EmulatorRequest) throws -> T {
        _ = try decodeObject(request)
        do {
            return try JSONDecoder().decode(T.self, from: Data(request.body))
        } catch {
            throw Self.invalidPayload("\(error)")
        }
    }

    func decodeObject(_ request: EmulatorRequest) throws -> JSONObject {
        if let type = request.contentType, type != "application/json" {
            throw Self.invalidPayload("Unexpected content type \(type).")
        }
        let body = request.body.isEmpty ? Array("{}".utf8) : request.body
        do {
            return try StrictJSONParser.parseObject(body)
        } catch {
            throw Self.invalidPayload("\(error)")
        }
    }

    static let notFound = FirebaseFailure(status: 404, message: "Not Found")

    static func invalidPayload(_ detail: String) -> FirebaseFailure {
        FirebaseFailure(status: 400, message: "INVALID_ARGUMENT : Invalid JSON payload received. \(detail)")
    }

    /// The Google API error envelope.
    static func error(_ failure: FirebaseFailure) -> EmulatorResponse {
        var error: JSONObject = [
            "code": .int(Int64(failure.status)), "message": .string(failure.message),
            "errors": .array([.object(["message": .string(failure.message), "domain": .string("global"), "reason": .string("invalid")])]),
        ]
        let statuses = [
            401: "UNAUTHENTICATED", 403: "PERMISSION_DENIED", 404: "NOT_FOUND", 405: "METHOD_NOT_ALLOWED",
            413: "FAILED_PRECONDITION", 500: "INTERNAL", 501: "NOT_IMPLEMENTED",
        ]
        if let status = statuses[failure.status] { error["status"] = .string(status) }
        return .json(["error": .object(error)], status: failure.status)
    }
}
