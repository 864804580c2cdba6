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
struct FirebaseRoutes {
    let engine: FirebaseEngine
    let projects: Set<String>

    /// v3 `relyingparty` names and the v1 methods they alias.
    static let v3Aliases: [String: String] = [
        "signupNewUser": "accounts:signUp", "verifyAssertion": "accounts:signInWithIdp", "getAccountInfo": "accounts:lookup",
        "setAccountInfo": "accounts:update", "deleteAccount": "accounts:delete", "getOobConfirmationCode": "accounts:sendOobCode",
        "emailLinkSignin": "accounts:signInWithEmailLink",
    ]

    func handle(_ request: EmulatorRequest, segments: [String]) async -> EmulatorResponse {
        do {
            return try await route(request, segments)
        } catch let failure as FirebaseFailure {
            return Self.error(failure)
        } catch {
            return Self.error(FirebaseFailure(status: 500, message: "INTERNAL_ERROR"))
        }
    }

    private func route(_ request: EmulatorRequest, _ segments: [String]) async throws -> EmulatorResponse {
        switch segments {
        case let path where path.count == 3 && path[0] == "identitytoolkit.googleapis.com" && path[1] == "v1":
            return try await client(method: path[2], request)
        case let path where path.count == 5 && path[0] == "www.googleapis.com" && path[1] == "identitytoolkit"
            && path[2] == "v3" && path[3] == "relyingparty":
            guard let method = Self.v3Aliases[path[4]] else { throw Self.notFound }
            return try await client(method: method, request)
        case ["securetoken.googleapis.com", "v1", "token"]:
            try requireAPIKey(request)
            return .json(encoding: try await secureToken(request))
        case let path where path.count >= 5 && path[0] == "identitytoolkit.googleapis.com" && path[1] == "v1" && path[2] == "projects":
            try requireProject(path[3])
            try requireAdmin(request)
            return try await admin(method: path[4...].joined(separator: "/"), request)
        case let path where path.count == 5 && path[0] == "emulator" && path[1] == "v1" && path[2] == "projects":
            try requireProject(path[3])
            return try await emulatorOnly(path[4], request)
        default:
            throw Self.notFound
        }
    }

    // MARK: - Client API (API key)

    private func client(method: String, _ request: EmulatorRequest) async throws -> EmulatorResponse {
        guard request.method == "POST" else { throw FirebaseFailure(status: 405, message: "Method Not Allowed") }
        try requireAPIKey(request)
        switch method {
        case "accounts:signInWithIdp":
            return .json(encoding: try await engine.signInWithIdp(try decode(request)))
        case "accounts:signUp":
            return .json(encoding: try await engine.signUp(try decode(request)))
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
        case "accounts:signInWithEmailLink":
            return .json(encoding: try await engine.signInWithEmailLink(try decode(request)))
        default:
            throw Self.notFound
        }
    }

    private func secureToken(_ request: EmulatorRequest) async throws -> FirebaseSecureTokenResponse {
        guard request.method == "POST" else { throw FirebaseFailure(status: 405, message: "Method Not Allowed") }
        let fields: [String: String]
        if request.contentType == "application/x-www-form-urlencoded" {
            guard let form = FormEncoding.decode(String(decoding: request.body, as: UTF8.self)) else { throw Self.invalidPayload("malformed form") }
            fields = form
        } else {
            let object: JSONObject = try decodeObject(request)
            fields = Dictionary(object.entries.compactMap { entry in entry.value.stringValue.map { (entry.key, $0) } }, uniquingKeysWith: { $1 })
        }
        return try await engine.secureToken(
            grantType: fields["grant_type"] ?? fields["grantType"], refreshToken: fields["refresh_token"] ?? fields["refreshToken"])
    }

    // MARK: - Admin API (Bearer owner)

    private func admin(method: String, _ request: EmulatorRequest) async throws -> EmulatorResponse {
        guard request.method == "POST" || (request.method == "GET" && method == "accounts:batchGet") else {
            throw FirebaseFailure(status: 405, message: "Method Not Allowed")
        }
        switch method {
        case "accounts":
            return .json(encoding: try await engine.adminCreateUser(try decode(request)))
        case "accounts:lookup":
            return .json(encoding: await engine.adminLookup(try decode(request)))
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

    private func emulatorOnly(_ resource: String, _ request: EmulatorRequest) async throws -> EmulatorResponse {
        switch (request.method, resource) {
        case ("DELETE", "accounts"):
            await engine.wipeAccounts()
            return .json([:])
        case ("GET", "oobCodes"):
            let codes = await engine.oobCodes().map { code -> JSONValue in
                .object(["email": .string(code.email), "oobCode": .string(code.oobCode), "oobLink": .string(code.oobLink),
                         "requestType": .string(code.requestType)])
            }
            return .json(["oobCodes": .array(codes)])
        case ("GET", "config"):
            return .json(["signIn": .object(["allowDuplicateEmails": .bool(false)]),
                          "emailPrivacyConfig": .object(["enableImprovedEmailPrivacy": .bool(false)])])
        default:
            throw Self.notFound
        }
    }

    // MARK: - Checks and decoding

    private func requireAPIKey(_ request: EmulatorRequest) throws {
        let key = request.query["key"] ?? request.headers["x-goog-api-key"]
        guard let key, !key.isEmpty else {
            throw FirebaseFailure(status: 403, message: "The request is missing a valid API key.")
        }
    }

    private func requireAdmin(_ request: EmulatorRequest) throws {
        guard let bearer = request.bearer, bearer.lowercased() == "owner" || bearer.hasPrefix("ya29.") else {
            throw FirebaseFailure(status: 401, message: "UNAUTHENTICATED : Request is missing required authentication credential.")
        }
    }

    private func requireProject(_ project: String) throws {
        guard projects.contains(project) else { throw FirebaseFailure(status: 404, message: "PROJECT_NOT_FOUND") }
    }

    private func decode<T: Decodable>(_ request: EmulatorRequest) throws -> T {
        _ = try decodeObject(request)
        do {
            return try JSONDecoder().decode(T.self, from: Data(request.body))
        } catch {
            throw Self.invalidPayload("\(error)")
        }
    }

    private func decodeObject(_ request: EmulatorRequest) throws -> JSONObject {
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
        let statuses = [401: "UNAUTHENTICATED", 403: "PERMISSION_DENIED", 404: "NOT_FOUND", 405: "METHOD_NOT_ALLOWED",
                        413: "FAILED_PRECONDITION", 500: "INTERNAL", 501: "NOT_IMPLEMENTED"]
        if let status = statuses[failure.status] { error["status"] = .string(status) }
        return .json(["error": .object(error)], status: failure.status)
    }
}
