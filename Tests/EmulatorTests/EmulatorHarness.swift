import AuthData
import AuthDomain
import AuthEmulator
import AuthJWT
import AuthSimulation
import AuthTestSupport
import Foundation
import Logging
import Testing

/// An emulator around a fresh test world, called in process (no socket) through
/// ``Emulator/handle(_:)``.
struct EmulatorHarness {
    let world: TestWorld
    let emulator: Emulator

    static func make(
        configuration services: SimulationConfiguration = SimulationConfiguration(),
        supabase: SupabaseSettings? = nil, console: ConsoleAccess = .loopbackOnly,
        allowedHosts: [String] = []
    ) async throws -> EmulatorHarness {
        var setup = services
        if let supabase { setup.supabase = supabase }
        let world = try await TestWorld.make(configuration: setup)
        var configuration = EmulatorConfiguration(host: "127.0.0.1", port: 0, stateDirectory: nil, ephemeral: true)
        configuration.clientIDs = world.services.configuration.clientIDs
        configuration.firebaseProjects = [world.services.configuration.firebaseProjectID]
        configuration.console = console
        configuration.allowedHosts = allowedHosts
        let app = try buildEmulator(
            configuration: configuration, services: world.services, developerKeyPath: nil,
            logger: Logger(label: "test"), onServerRunning: { _, _ in })
        return EmulatorHarness(world: world, emulator: app.emulator)
    }

    var project: String { world.services.configuration.firebaseProjectID }

    func send(
        _ method: String, _ target: String, json: String? = nil, headers: [String: String] = [:], contentType: String? = "application/json"
    ) async -> EmulatorResponse {
        var all = headers
        if json != nil, let contentType { all["content-type"] = contentType }
        return await emulator.handle(EmulatorRequest(method: method, target: target, headers: all, body: Array((json ?? "").utf8)))
    }

    /// A Supabase call with the anon key and the 2024-01-01 API version, through a proxy that
    /// names the client in `X-Forwarded-For` (what a `GOTRUE_RATE_LIMIT_HEADER` of that name counts).
    func supabase(_ method: String, _ path: String, json: String? = nil, bearer: String? = nil, versioned: Bool = true) async
        -> EmulatorResponse
    {
        var headers = ["apikey": emulator.anonKey, "x-forwarded-for": "127.0.0.1"]
        if versioned { headers["x-supabase-api-version"] = "2024-01-01" }
        if let bearer { headers["authorization"] = "Bearer \(bearer)" }
        return await send(method, "/auth/v1/" + path, json: json, headers: headers)
    }

    /// A Supabase call from a client address, as a proxy names it in `X-Forwarded-For` (the
    /// rate limits' key when `GOTRUE_RATE_LIMIT_HEADER` is `X-Forwarded-For`).
    func supabase(_ method: String, _ path: String, json: String? = nil, bearer: String? = nil, from address: String) async
        -> EmulatorResponse
    {
        var headers = ["apikey": emulator.anonKey, "x-supabase-api-version": "2024-01-01", "x-forwarded-for": address]
        if json != nil { headers["content-type"] = "application/json" }
        if let bearer { headers["authorization"] = "Bearer \(bearer)" }
        var request = EmulatorRequest(method: method, target: "/auth/v1/" + path, headers: headers, body: Array((json ?? "").utf8))
        request.clientAddress = address
        return await emulator.handle(request)
    }

    /// Signs in with a fresh Apple token over the id_token route; returns the session object.
    func appleSession(email: String = "ada@example.com") async throws -> JSONObject {
        let (token, nonce) = try await appleToken(email: email)
        let response = await supabase(
            "POST", "token?grant_type=id_token", json: #"{"provider":"apple","id_token":"\#(token)","nonce":"\#(nonce)"}"#)
        guard response.status == 200 else {
            throw SupabaseFailure.api(status: response.status, code: "sign-in", message: String(decoding: response.body, as: UTF8.self))
        }
        return response.object
    }

    /// A Firebase Identity Toolkit v1 call with an API key.
    func firebase(_ method: String, json: String) async -> EmulatorResponse {
        await send("POST", "/identitytoolkit.googleapis.com/v1/\(method)?key=test-key", json: json)
    }

    /// An Apple token for the app with a nonce: returns the token and the raw nonce.
    func appleToken(email: String = "ada@example.com") async throws -> (token: String, rawNonce: String) {
        let raw = NonceGenerator(source: .live).make()
        let response = try await world.services.apple.authorize(
            AppleSheetRequest(
                clientID: world.appleClientID, appleID: email, name: PersonName(givenName: "Ada", familyName: "Lovelace"),
                nonce: NonceGenerator.sha256Hex(raw)))
        return (response.identityToken, raw)
    }
}

extension EmulatorResponse {
    /// The body as a JSON object (empty when it is not one).
    var object: JSONObject { (try? StrictJSONParser.parseObject(body)) ?? [:] }

    /// The Firebase error message, if this is a Google error envelope.
    var firebaseMessage: String? { object["error"]?.objectValue?["message"]?.stringValue }
}
