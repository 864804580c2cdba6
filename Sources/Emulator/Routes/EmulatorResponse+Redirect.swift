import AuthData
import Foundation

extension EmulatorResponse {
    /// A 302 to `uri` with `fields` added to its query, as a provider's authorization endpoint
    /// answers its redirect URI.
    /// - Parameters:
    ///   - uri: The redirect URI.
    ///   - fields: Name and value of each field to add.
    /// - Returns: The response (`Cache-Control: no-store`).
    static func redirect(_ uri: String, with fields: [(String, String)]) -> EmulatorResponse {
        var components = URLComponents(string: uri)
        let query = [components?.percentEncodedQuery, FormEncoding.encode(fields)].compactMap { $0 }.filter { !$0.isEmpty }
        components?.percentEncodedQuery = query.joined(separator: "&")
        let location = components?.url?.absoluteString ?? uri
        return EmulatorResponse(status: 302, headers: [("Location", location), ("Cache-Control", "no-store")])
    }
}
