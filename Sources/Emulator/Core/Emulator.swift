import AuthData
import AuthJWT
import AuthSimulation
import Foundation
import Logging

/// The emulator: the simulated world behind the real wire protocols of Supabase Auth, Firebase
/// Auth, and the simulated Apple and Google, on one port. ``handle(_:)`` answers one request
/// independently of the HTTP server, so routes are tested in process as well as on loopback.
public final class Emulator: Sendable {
    /// The configuration.
    public let configuration: EmulatorConfiguration
    /// The simulated world.
    public let services: SimulatedServices
    /// The Supabase anon key (a JWT with role `anon`).
    public let anonKey: String
    /// The Supabase service-role key.
    public let serviceRoleKey: String
    /// Where the team's Sign in with Apple key is, if state is kept.
    public let developerKeyPath: String?
    private let supabase: SupabaseRoutes
    private let firebase: FirebaseRoutes
    private let identityProviders: IdentityProviderRoutes
    private let changes = Locked<UInt64>(0)

    init(configuration: EmulatorConfiguration, services: SimulatedServices, developerKeyPath: String?) throws {
        self.configuration = configuration
        self.services = services
        self.developerKeyPath = developerKeyPath
        let key = services.supabase.configuration.accessTokenKey
        anonKey = try key.sign(["iss": .string("supabase-demo"), "role": .string("anon"), "exp": .int(1_983_812_996)])
        serviceRoleKey = try key.sign(["iss": .string("supabase-demo"), "role": .string("service_role"), "exp": .int(1_983_812_996)])
        supabase = SupabaseRoutes(engine: services.supabase, apiKeys: [anonKey, serviceRoleKey] + configuration.anonKeys)
        firebase = FirebaseRoutes(engine: services.firebase, projects: Set(configuration.firebaseProjects))
        identityProviders = IdentityProviderRoutes(services: services)
    }

    /// How many state-changing requests were answered (for persistence). A request is counted
    /// once its route has returned, so a snapshot taken after reading the count holds every
    /// change the count covers; a change still in flight is counted, and saved, on a later tick.
    var changeCount: UInt64 { changes.current }

    /// Answers one request.
    /// - Parameter request: The request.
    /// - Returns: The response, in the error shape of the service the path belongs to.
    public func handle(_ request: EmulatorRequest) async -> EmulatorResponse {
        let response = await route(request)
        // Refusals count too: a reused refresh token, for one, is refused and revokes its family.
        if request.method != "GET" && request.method != "HEAD" { changes.withLock { $0 &+= 1 } }
        return response
    }

    private func route(_ request: EmulatorRequest) async -> EmulatorResponse {
        let segments = request.segments
        switch segments.first {
        case "auth":
            return await supabase.handle(request, path: segments.dropFirst())
        case "functions":
            return await functions(request, path: Array(segments.dropFirst()))
        case "identitytoolkit.googleapis.com", "www.googleapis.com", "securetoken.googleapis.com", "emulator":
            return await firebase.handle(request, segments: segments)
        case "appleid":
            return await identityProviders.apple(request, path: Array(segments.dropFirst()))
        case "google":
            return await identityProviders.google(request, path: Array(segments.dropFirst()))
        case "mailbox":
            return await mailbox(request, path: Array(segments.dropFirst()))
        case nil:
            return .json(["authcoordinator": .object(["ready": .bool(true), "supabase": .string(configuration.baseURL + "/auth/v1"),
                                                      "firebaseProject": .string(configuration.firebaseProjects.first ?? "")])])
        default:
            return .json(["error": .string("not_found"), "message": .string("No route for \(request.path)")], status: 404)
        }
    }

    /// The answer to a request body too large to read.
    /// - Parameter request: The request (its body is not read).
    /// - Returns: A 413 in the shape of the service the path belongs to.
    public func bodyTooLarge(_ request: EmulatorRequest) -> EmulatorResponse {
        let message = "Request body exceeds \(configuration.maxBodySize) bytes"
        switch request.segments.first {
        case "auth":
            let versioned = (request.headers["x-supabase-api-version"] ?? "") >= "2024-01-01"
            return SupabaseRoutes.error(.api(status: 413, code: "request_entity_too_large", message: message), versioned: versioned)
        case "identitytoolkit.googleapis.com", "www.googleapis.com", "securetoken.googleapis.com", "emulator":
            return FirebaseRoutes.error(FirebaseFailure(status: 413, message: message))
        default:
            return .json(["error": .string("request_entity_too_large"), "message": .string(message)], status: 413)
        }
    }

    private func functions(_ request: EmulatorRequest, path: [String]) async -> EmulatorResponse {
        guard request.method == "POST", path == ["v1", "delete-account"] else {
            return .json(["error": .string("not_found"), "message": .string("Function not found")], status: 404)
        }
        do {
            try await services.supabase.deleteAccountFunction(bearer: request.bearer)
            return .json(["deleted": .bool(true)])
        } catch {
            return SupabaseRoutes.error(error, versioned: true)
        }
    }

    private func mailbox(_ request: EmulatorRequest, path: [String]) async -> EmulatorResponse {
        guard request.method == "GET", path.count == 1 else {
            return .json(["error": .string("not_found"), "message": .string("GET /mailbox/{email}")], status: 404)
        }
        let formatter = ISO8601DateFormatter()
        let messages = await services.mailbox.messages(for: path[0]).map { message -> JSONValue in
            var entry: JSONObject = ["code": .string(message.code), "sentAt": .string(formatter.string(from: message.sentAt)),
                                     "sender": .string(message.sender), "kind": .string(message.kind)]
            if let link = message.link { entry["link"] = .string(link) }
            return .object(entry)
        }
        return .json(array: messages)
    }
}
