import AuthData
import AuthJWT
import AuthSimulation
import Foundation
import Logging

/// The emulator: the simulated services behind the real wire protocols of Supabase Auth, Firebase
/// Auth, and the simulated Apple and Google, on one port. ``handle(_:)`` answers one request
/// independently of the HTTP server, so routes are tested in process as well as on loopback.
public final class Emulator: Sendable {
    /// The configuration.
    public let configuration: EmulatorConfiguration
    /// The simulated services.
    public let services: SimulatedServices
    /// The Supabase anon key (a JWT with role `anon`).
    public let anonKey: String
    /// The Supabase service-role key.
    public let serviceRoleKey: String
    /// Where the team's Sign in with Apple key is, if state is kept.
    public let developerKeyPath: String?
    private let supabase: SupabaseRoutes
    private let firebase: FirebaseRoutes
    private let appleID: AppleIDRoutes
    private let google: GoogleRoutes
    private let console: ConsoleRoutes
    private let hostCheck: EmulatorHostCheck
    private let changes = Locked<UInt64>(0)
    private let requestLog: RequestLog

    init(configuration: EmulatorConfiguration, services: SimulatedServices, developerKeyPath: String?) throws {
        self.configuration = configuration
        self.services = services
        self.developerKeyPath = developerKeyPath
        let log = RequestLog()
        requestLog = log
        let key = services.supabase.configuration.accessTokenKeys.apiKeySigner
        // Signed as the Supabase CLI signs them: with the JWT secret (by default its published one, so its published keys).
        anonKey = try key.sign(SupabaseLocalKeys.apiKeyClaims(role: "anon"))
        serviceRoleKey = try key.sign(SupabaseLocalKeys.apiKeyClaims(role: "service_role"))
        supabase = SupabaseRoutes(engine: services.supabase, apiKeys: [anonKey, serviceRoleKey] + configuration.anonKeys)
        firebase = FirebaseRoutes(projects: services.firebaseProjects)
        appleID = AppleIDRoutes(apple: services.apple)
        google = GoogleRoutes(google: services.google)
        hostCheck = EmulatorHostCheck(allowedNames: [configuration.host] + configuration.allowedHosts)
        console = ConsoleRoutes(
            source: SimulatedServicesConsoleSource(services: services, serviceRoleKey: serviceRoleKey, seed: configuration.seed),
            gate: ConsoleGate(access: configuration.console, serviceRoleKey: serviceRoleKey, formToken: RandomIdentifiers.opaqueToken(32)),
            log: log)
    }

    /// How many state-changing requests were answered, for whoever watches for changes (each
    /// request's changes are committed before its answer; this only counts them).
    var changeCount: UInt64 { changes.current }

    /// Answers one request.
    /// - Parameter request: The request.
    /// - Returns: The response, in the error shape of the service the path belongs to.
    public func handle(_ request: EmulatorRequest) async -> EmulatorResponse {
        let started = ContinuousClock.now
        guard hostCheck.allows(request.headers["host"]) else {
            let refusal = EmulatorHostCheck.refusal(request.headers["host"])
            record(request, refusal, since: started)
            return refusal
        }
        // The storage commits the writes of requests answered at once together; each answer waits
        // for the commit that holds its writes, so nothing answered is lost.
        let ticket = StorageCommitTicket()
        var response = await StorageCommitTicket.scope.withValue(ticket) { await route(request) }
        if await ticket.committed() != nil { response = Self.storageFailure(request) }
        record(request, response, since: started)
        // Refusals count too: a reused refresh token, for one, is refused and revokes its family.
        if request.method != "GET" && request.method != "HEAD" { changes.withLock { $0 &+= 1 } }
        return response
    }

    /// Adds one answered request to the console's log (method, path, status and time; no secrets).
    private func record(_ request: EmulatorRequest, _ response: EmulatorResponse, since started: ContinuousClock.Instant) {
        let elapsed = ContinuousClock.now - started
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        requestLog.record(
            .init(
                method: request.method, path: request.path, status: response.status, at: Date(), milliseconds: milliseconds))
    }

    private func route(_ request: EmulatorRequest) async -> EmulatorResponse {
        let segments = request.segments
        switch EmulatorMount(segments: segments) {
        case .supabase:
            return await supabase.handle(request, path: segments.dropFirst())
        case .firebase:
            return await firebase.handle(request, segments: segments)
        case .appleID:
            return await appleID.handle(request, path: segments.dropFirst())
        case .google:
            return await google.handle(request, path: segments.dropFirst())
        case .console:
            return await console.handle(request, path: segments.dropFirst())
        case .emulator:
            let refusal = { (status: Int) -> EmulatorResponse in
                status == 405
                    ? .json(
                        ["error": .string("method_not_allowed"), "message": .string("\(request.method) is not served at \(request.path)")],
                        status: 405)
                    : Self.notFound(request)
            }
            return (try? await Self.table.respond(self, to: request, path: segments[...], refusal: refusal)) ?? Self.notFound(request)
        }
    }

    /// The emulator's own routes, beside the services'.
    static let table = RouteTable<Emulator>(
        prefix: "",
        [
            (
                "GET", "/", "readiness: the Supabase URL and the default Firebase project",
                { emulator, _ in
                    .json([
                        "authcoordinator": .object([
                            "ready": .bool(true), "supabase": .string(emulator.configuration.baseURL + "/auth/v1"),
                            "firebaseProject": .string(emulator.configuration.firebaseProjects.first ?? ""),
                        ])
                    ])
                }
            ),
            (
                "POST", "/functions/v1/delete-account", "the account-deletion Edge Function convention (a Supabase user's bearer token)",
                { emulator, call in
                    await emulator.deleteAccountFunction(call.request)
                }
            ),
            (
                "GET", "/mailbox/{email}", "the messages mailed to an address, newest last, each with its `code`",
                { emulator, call in
                    await emulator.mailbox(email: call[parameter: "email"])
                }
            ),
            (
                "GET", "/mfa/codes/{backend}",
                "the current TOTP codes of the bearer's own factors (`supabase`: an access token; `firebase`: an ID token, `?project=`), "
                    + "for `login mfa code`", { emulator, call in await emulator.totpCodes(call) }
            ),
            (
                "GET", "/web/passkeys/{backend}",
                "a web app's passkey page (`supabase` or `firebase`): sign in with a mailed code, register a passkey, sign in with it",
                { emulator, call in WebPasskeyPage.response(backend: call[parameter: "backend"], anonKey: emulator.anonKey) }
            ),
            (
                "POST", "/reset",
                "forget every user, session, authorization and message; keep the keys (`Bearer` service-role key or `owner`)",
                { emulator, call in await emulator.reset(call.request) }
            ),
        ])

    /// Every route the emulator serves, service by service, as the docs list them.
    static var routeTables: [(service: String, prefix: String, routes: [(method: String, pattern: String, summary: String)])] {
        func rows<Service>(_ table: RouteTable<Service>) -> [(method: String, pattern: String, summary: String)] {
            table.routes.map { ($0.method, $0.pattern, $0.summary) }
        }
        return [
            ("Supabase Auth", SupabaseRoutes.table.prefix, rows(SupabaseRoutes.table)),
            ("Firebase Auth", FirebaseRoutes.table.prefix, rows(FirebaseRoutes.table)),
            ("Apple (simulated)", AppleIDRoutes.table.prefix, rows(AppleIDRoutes.table)),
            ("Google (simulated)", GoogleRoutes.table.prefix, rows(GoogleRoutes.table)),
            ("Console", ConsoleRoutes.table.prefix, rows(ConsoleRoutes.table)),
            ("Emulator", table.prefix, rows(table)),
        ]
    }

    private static func notFound(_ request: EmulatorRequest) -> EmulatorResponse {
        .json(["error": .string("not_found"), "message": .string("No route for \(request.path)")], status: 404)
    }

    /// The answer to a request body too large to read.
    /// - Parameter request: The request (its body is not read).
    /// - Returns: A 413 in the shape of the service the path belongs to.
    public func bodyTooLarge(_ request: EmulatorRequest) -> EmulatorResponse {
        let message = "Request body exceeds \(configuration.maxBodySize) bytes"
        return Self.failure(request, status: 413, code: "request_entity_too_large", message: message, firebaseMessage: message)
    }

    /// The answer to a request whose writes the storage could not commit (nothing of them is kept).
    static func storageFailure(_ request: EmulatorRequest) -> EmulatorResponse {
        failure(
            request, status: 500, code: "unexpected_failure", message: "Database error: the emulator's storage failed",
            firebaseMessage: "INTERNAL_ERROR")
    }

    /// An error answer in the shape of the service the path belongs to.
    private static func failure(
        _ request: EmulatorRequest, status: Int, code: String, message: String, firebaseMessage: String
    ) -> EmulatorResponse {
        switch EmulatorMount(segments: request.segments) {
        case .supabase:
            let versioned = SupabaseRoutes.isVersioned(request)
            return SupabaseRoutes.error(.api(status: status, code: code, message: message), versioned: versioned)
        case .firebase:
            return FirebaseRoutes.error(FirebaseFailure(status: status, message: firebaseMessage))
        case .appleID, .google, .console, .emulator:
            return .json(["error": .string(code), "message": .string(message)], status: status)
        }
    }

    private func deleteAccountFunction(_ request: EmulatorRequest) async -> EmulatorResponse {
        do {
            try await services.supabase.deleteAccountFunction(bearer: request.bearer)
            return .json(["deleted": .bool(true)])
        } catch {
            return SupabaseRoutes.error(error, versioned: true)
        }
    }

    private func mailbox(email: String) async -> EmulatorResponse {
        let formatter = ISO8601DateFormatter()
        let messages = await services.mailbox.messages(for: email).map { message -> JSONValue in
            var entry: JSONObject = [
                "code": .string(message.code), "sentAt": .string(formatter.string(from: message.sentAt)),
                "sender": .string(message.sender), "kind": .string(message.kind),
            ]
            if let link = message.link { entry["link"] = .string(link) }
            return .object(entry)
        }
        return .json(array: messages)
    }
}
