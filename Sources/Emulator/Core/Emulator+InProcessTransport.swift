import AuthData
import AuthSimulation
import Foundation

extension Emulator {
    /// An ``HTTPTransport`` answered by this emulator's routes in process, without a socket: the
    /// embedded `login` reaches the simulated Apple's `/auth/token` and `/auth/revoke` through
    /// the same code as over HTTP. Any host works; the path selects the route.
    public var inProcessTransport: HTTPTransport {
        HTTPTransport { [self] request in
            var headers: [String: String] = [:]
            for header in request.headers { headers[header.name.lowercased()] = header.value }
            var target = request.url.path
            if let query = request.url.query { target += "?" + query }
            let response = await handle(
                EmulatorRequest(method: request.method, target: target, headers: headers, body: Array(request.body ?? Data())))
            return HTTPResponseData(
                status: response.status, headers: Dictionary(response.headers, uniquingKeysWith: { first, _ in first }),
                body: Data(response.body))
        }
    }

    /// The emulator for simulated services without serving it (the embedded CLI's in-process routes).
    /// - Parameter services: The services.
    /// - Returns: The emulator.
    /// - Throws: When the Supabase keys cannot be signed.
    public static func inProcess(services: SimulatedServices) throws -> Emulator {
        var configuration = EmulatorConfiguration(stateDirectory: nil, ephemeral: true)
        configuration.clientIDs = services.configuration.clientIDs
        configuration.firebaseProjects = [services.configuration.firebaseProjectID]
        return try Emulator(configuration: configuration, services: services, developerKeyPath: nil)
    }
}
