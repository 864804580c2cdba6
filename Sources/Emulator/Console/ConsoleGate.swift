import AuthData
import AuthJWT
import Foundation

/// The console's two guards: who may open it at all (``ConsoleAccess``), and which form posts
/// come from its own pages (a token, the same for every form of one server run, that a page of
/// another site cannot read).
struct ConsoleGate: Sendable {
    /// The form field carrying the token.
    static let tokenField = "csrf_token"

    /// Who may open the console.
    let access: ConsoleAccess
    /// The key other hosts must give with ``ConsoleAccess/othersWithServiceRoleKey``.
    let serviceRoleKey: String
    /// The token every console form carries.
    let formToken: String

    /// Why a request may not see the console, as the answer to send; `nil` when it may.
    /// - Parameter request: The request.
    /// - Returns: 403 for a client elsewhere while the console is this machine's only; 401 with
    ///   a Basic challenge for one that has not given the right service-role key.
    func refusal(for request: EmulatorRequest) -> EmulatorResponse? {
        if Self.isLoopback(address: request.clientAddress) && Self.isLoopback(host: request.headers["host"]) { return nil }
        switch access {
        case .loopbackOnly:
            return ConsoleLayout.message(
                status: 403, title: "The console is for this machine only",
                text: "Open it from this machine (http://127.0.0.1:PORT/console), or start login serve with --console "
                    + "to let other hosts in with the service-role key.")
        case .othersWithServiceRoleKey:
            if let key = Self.presentedKey(request), SHA256Hex.constantTimeEquals(key, serviceRoleKey) { return nil }
            var response = ConsoleLayout.message(
                status: 401, title: "The service-role key is required",
                text: "From another host, the console asks for the Supabase service-role key (login serve prints where it is): "
                    + "give it as the password, with any user name.")
            response.headers.append(("WWW-Authenticate", #"Basic realm="login serve console", charset="UTF-8""#))
            return response
        }
    }

    /// The fields of a console form whose token is right.
    /// - Parameter request: A POST.
    /// - Returns: The fields, or `nil` when the body is not a form or its token is missing or wrong.
    func form(of request: EmulatorRequest) -> [String: String]? {
        guard request.contentType == "application/x-www-form-urlencoded",
            let fields = FormEncoding.decode(String(decoding: request.body, as: UTF8.self)),
            let token = fields[Self.tokenField], SHA256Hex.constantTimeEquals(token, formToken)
        else { return nil }
        return fields
    }

    /// The service-role key from `Authorization`: the password of Basic credentials, or a bearer
    /// token.
    private static func presentedKey(_ request: EmulatorRequest) -> String? {
        if let bearer = request.bearer { return bearer }
        guard let value = request.headers["authorization"], value.count > 6, value.prefix(6).lowercased() == "basic ",
            let decoded = Data(base64Encoded: String(value.dropFirst(6)).trimmingCharacters(in: .whitespaces)),
            let credentials = String(data: decoded, encoding: .utf8), let colon = credentials.firstIndex(of: ":")
        else { return nil }
        return String(credentials[credentials.index(after: colon)...])
    }

    /// Whether a peer address is this machine's: 127.0.0.0/8 or ::1 (also IPv4-mapped). A
    /// request answered in process has none and counts as local.
    static func isLoopback(address: String?) -> Bool {
        guard var address = address?.lowercased() else { return true }
        if address.hasPrefix("::ffff:") { address.removeFirst("::ffff:".count) }
        return address == "::1" || address == "0:0:0:0:0:0:0:1" || address.hasPrefix("127.")
    }

    /// Whether a `Host` header names this machine (`localhost`, `*.localhost`, 127.x.y.z, [::1],
    /// with any port), so that a site whose name resolves to 127.0.0.1 (DNS rebinding) cannot
    /// read the console through a browser on this machine. A request without one counts as local.
    static func isLoopback(host: String?) -> Bool {
        guard let host = host?.lowercased() else { return true }
        let name: Substring
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return false }
            name = host[host.index(after: host.startIndex)..<close]
        } else {
            name = host.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        }
        if name == "localhost" || name.hasSuffix(".localhost") || name == "::1" { return true }
        let octets = name.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }
}
