import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension ServeProcess {
    /// Sends one request to the server with its anon key, as a Supabase client does.
    /// - Parameters:
    ///   - method: The HTTP method.
    ///   - path: The path and query, from the base URL.
    ///   - json: A JSON body, if any.
    /// - Returns: The response body.
    /// - Throws: When the request fails or does not end within 60 s.
    public func send(_ method: String, _ path: String, json: String? = nil) async throws -> Data {
        guard let url = URL(string: baseURL + path) else { throw URLError(.badURL) }
        var request = URLRequest(url: url, timeoutInterval: 60)
        request.httpMethod = method
        request.setValue(anonKey, forHTTPHeaderField: "apikey")
        if let json {
            request.httpBody = Data(json.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        return try await URLSession.shared.data(for: request).0
    }
}
