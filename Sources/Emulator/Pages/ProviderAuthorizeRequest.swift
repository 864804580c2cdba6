import AuthData
import Foundation

/// The OAuth 2.0 authorization request a provider's sign-in page is opened with (Apple's
/// `/auth/authorize`, Google's `/o/oauth2/v2/auth`), carried through the page as hidden fields.
struct ProviderAuthorizeRequest: Sendable, Equatable {
    /// The parameters the pages keep, in the order they are written.
    static let names = [
        "client_id", "redirect_uri", "response_type", "response_mode", "scope", "state", "nonce",
        "code_challenge", "code_challenge_method", "login_hint",
    ]

    let clientID: String
    let redirectURI: String
    let responseType: String
    let responseMode: String?
    let scope: String?
    let state: String?
    let nonce: String?
    let codeChallenge: String?
    let codeChallengeMethod: String?
    let loginHint: String?

    /// Why a request cannot be served; shown on the provider's own error page (the redirect
    /// URI is not trusted yet, so nothing goes back to it).
    struct Refusal: Error {
        let error: String
        let description: String
    }

    /// Reads and checks the request.
    /// - Parameters:
    ///   - fields: The query (or the page's form).
    ///   - host: The emulator's own `host:port`, whose URLs are valid redirect targets.
    /// - Throws: ``Refusal`` for a missing client id, a redirect URI that is not a loopback or
    ///   emulator URL, or a response type without `code`.
    init(_ fields: [String: String], host: String?) throws(Refusal) {
        func value(_ name: String) -> String? { fields[name].flatMap { $0.isEmpty ? nil : $0 } }
        guard let clientID = value("client_id"), clientID.utf8.count <= 256 else {
            throw Refusal(error: "invalid_request", description: "Invalid client_id.")
        }
        guard let redirectURI = value("redirect_uri").flatMap({ Self.allowedRedirect($0, host: host) }) else {
            throw Refusal(error: "invalid_request", description: "Invalid redirect_uri.")
        }
        let responseType = value("response_type") ?? ""
        guard responseType.split(separator: " ").contains("code") else {
            throw Refusal(error: "unsupported_response_type", description: "response_type must include code.")
        }
        for name in Self.names where (fields[name]?.utf8.count ?? 0) > 2048 {
            throw Refusal(error: "invalid_request", description: "\(name) is too long.")
        }
        self.clientID = clientID
        self.redirectURI = redirectURI
        self.responseType = responseType
        self.responseMode = value("response_mode")
        self.scope = value("scope")
        self.state = value("state")
        self.nonce = value("nonce")
        self.codeChallenge = value("code_challenge")
        self.codeChallengeMethod = value("code_challenge_method")
        self.loginHint = value("login_hint")
    }

    /// The parameters as name-value pairs, for hidden fields and links.
    var fields: [(String, String)] {
        let values = [
            clientID, redirectURI, responseType, responseMode, scope, state, nonce, codeChallenge, codeChallengeMethod, loginHint,
        ]
        return zip(Self.names, values).compactMap { name, value in value.map { (name, $0) } }
    }

    /// Whether the scope asks for a scope (`name`, `email`).
    func asks(for scope: String) -> Bool { self.scope?.split(separator: " ").contains(Substring(scope)) == true }

    /// A simulated provider sends codes only to the machine it runs on: loopback addresses (the
    /// CLI's listener, a local web app) and the emulator's own routes (`/auth/v1/callback`).
    /// The URI is checked as written and rebuilt from its parts (``BrowserURL``): a backslash,
    /// user information or a percent-encoded host is refused, so the host compared here is the
    /// one a browser goes to when the URI is written into a redirect or a form's `action`.
    /// - Returns: The re-serialised URI, or `nil` when it is not allowed.
    static func allowedRedirect(_ uri: String, host: String?) -> String? {
        guard let checked = try? BrowserURL.checked(uri),
            let redirectHost = URLComponents(url: checked, resolvingAgainstBaseURL: false)?.percentEncodedHost
        else { return nil }
        if ["127.0.0.1", "localhost", "::1", "[::1]"].contains(redirectHost) { return checked.absoluteString }
        guard let host else { return nil }
        let authority = redirectHost + (checked.port.map { ":\($0)" } ?? "")
        return authority == host.lowercased() ? checked.absoluteString : nil
    }
}
