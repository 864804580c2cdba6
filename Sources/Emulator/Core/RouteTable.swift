/// One service's routes as data: method, path pattern, handler and a one-line description. The
/// table, not a hand-kept list, decides what is unknown (404: no pattern matches the path) and
/// what is a wrong method (405: a pattern matches, with other methods), and the route list in
/// `Docs/Emulator.md` is checked against it.
struct RouteTable<Service: Sendable>: Sendable {
    /// A handler: the service, the request and the path's parameters.
    typealias Handler = @Sendable (Service, RouteCall) async throws -> EmulatorResponse

    /// One route.
    struct Route: Sendable {
        /// The HTTP method.
        let method: String
        /// The path under the service's prefix, with `{name}` for a parameter segment and
        /// `{name}:verb` for one that ends in a custom verb (Google's `projects/{p}:createSessionCookie`).
        let pattern: String
        /// What it does, for the docs.
        let summary: String
        let handler: Handler
        fileprivate let segments: [Segment]
    }

    /// What a request matched.
    enum Match {
        /// A route, with its parameters.
        case route(Route, RouteCall)
        /// The path is served, with these methods only.
        case methodNotAllowed(allowed: [String])
        /// Nothing is served at the path.
        case notFound
    }

    fileprivate enum Segment: Sendable, Equatable {
        case literal(String)
        case parameter(String)
        /// A parameter followed by a literal suffix in the same segment.
        case parameterWithSuffix(String, suffix: String)
    }

    /// The service's path prefix, as the docs show it (`/auth/v1`).
    let prefix: String
    /// The routes, in the order the docs list them.
    let routes: [Route]

    /// Creates a table.
    /// - Parameters:
    ///   - prefix: The path prefix the service is mounted under.
    ///   - rows: Method, pattern, summary and handler of each route.
    init(prefix: String, _ rows: [(method: String, pattern: String, summary: String, handler: Handler)]) {
        self.prefix = prefix
        self.routes = rows.map { row in
            let segments = row.pattern.split(separator: "/").map { part -> Segment in
                guard part.hasPrefix("{"), let close = part.firstIndex(of: "}") else { return .literal(String(part)) }
                let name = String(part[part.index(after: part.startIndex)..<close])
                let suffix = String(part[part.index(after: close)...])
                return suffix.isEmpty ? .parameter(name) : .parameterWithSuffix(name, suffix: suffix)
            }
            return Route(method: row.method, pattern: row.pattern, summary: row.summary, handler: row.handler, segments: segments)
        }
    }

    /// Finds the route for a request.
    /// - Parameters:
    ///   - request: The request.
    ///   - path: The path's segments under the prefix.
    /// - Returns: The route, a wrong method, or nothing.
    func match(_ request: EmulatorRequest, path: ArraySlice<String>) -> Match {
        var allowed: [String] = []
        for route in routes {
            guard let parameters = Self.parameters(of: route.segments, in: path) else { continue }
            if route.method == request.method { return .route(route, RouteCall(request: request, parameters: parameters)) }
            if !allowed.contains(route.method) { allowed.append(route.method) }
        }
        return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed: allowed)
    }

    /// Answers a request: the matching route's handler, or the service's own 404 or 405 (with
    /// `Allow`).
    /// - Parameters:
    ///   - service: The service whose routes these are.
    ///   - request: The request.
    ///   - path: The path's segments under the prefix.
    ///   - refusal: The service's error answer for a status (404 or 405).
    /// - Returns: The response.
    /// - Throws: What the handler throws.
    func respond(
        _ service: Service, to request: EmulatorRequest, path: ArraySlice<String>, refusal: (_ status: Int) -> EmulatorResponse
    ) async throws -> EmulatorResponse {
        switch match(request, path: path) {
        case .route(let route, let call):
            return try await route.handler(service, call)
        case .methodNotAllowed(let allowed):
            var response = refusal(405)
            response.headers.append(("Allow", allowed.joined(separator: ", ")))
            return response
        case .notFound:
            return refusal(404)
        }
    }

    private static func parameters(of pattern: [Segment], in path: ArraySlice<String>) -> [String: String]? {
        guard pattern.count == path.count else { return nil }
        var parameters: [String: String] = [:]
        for (segment, part) in zip(pattern, path) {
            switch segment {
            case .literal(let literal): guard literal == part else { return nil }
            case .parameter(let name): parameters[name] = part
            case .parameterWithSuffix(let name, let suffix):
                guard part.count > suffix.count, part.hasSuffix(suffix) else { return nil }
                parameters[name] = String(part.dropLast(suffix.count))
            }
        }
        return parameters
    }
}

/// A request as a route handler gets it: the request and its path parameters.
struct RouteCall: Sendable {
    let request: EmulatorRequest
    let parameters: [String: String]

    /// A path parameter (the pattern guarantees it is there).
    subscript(parameter name: String) -> String { parameters[name] ?? "" }
}
