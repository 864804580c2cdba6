import AuthData
import Foundation

/// Where GoTrue's browser flows send the user back (`utilities.GetReferrer`,
/// `IsRedirectURLValid`) and what they put in the fragment (`AsRedirectURL`,
/// `prepErrorRedirectURL`).
enum SupabaseRedirects {
    /// `redirect_to` when GoTrue would accept it without an allow list (the site's own host and
    /// scheme, any port on a loopback host, or a loopback IP literal), else the site URL. The
    /// emulator has no `GOTRUE_URI_ALLOW_LIST`.
    static func target(_ redirectTo: String?, siteURL: String) -> String {
        guard let redirectTo, !redirectTo.isEmpty, let url = URLComponents(string: redirectTo), let host = url.host?.lowercased(),
              let site = URLComponents(string: siteURL)
        else { return siteURL }
        let loopback = ["localhost", "127.0.0.1", "::1", "[::1]", "0.0.0.0", "::"].contains(host)
        if host == site.host?.lowercased(), url.scheme == site.scheme, loopback || url.port == site.port { return redirectTo }
        if host.hasPrefix("127.") || host == "::1" || host == "[::1]", host.allSatisfy({ $0.isNumber || $0 == "." || $0 == ":" || $0 == "[" || $0 == "]" }) {
            return redirectTo
        }
        return siteURL
    }

    /// The session in a fragment, keys sorted as Go's `url.Values.Encode` writes them.
    static func fragment(session: SupabaseSessionPayload, type: String) -> String {
        FormEncoding.encode([
            ("access_token", session.accessToken), ("expires_at", String(session.expiresAt)), ("expires_in", String(session.expiresIn)),
            ("refresh_token", session.refreshToken), ("sb", ""), ("token_type", session.tokenType), ("type", type),
        ])
    }

    /// An error in a fragment: `error` (the OAuth name of the status, when it has one),
    /// `error_code`, `error_description`, `sb`.
    static func fragment(error: SupabaseFailure) -> String {
        var fields: [(String, String)] = []
        switch error {
        case .api(let status, let code, let message):
            let names = [400: "invalid_request", 401: "unauthorized_client", 403: "access_denied", 500: "server_error", 503: "temporarily_unavailable"]
            if let name = names[status] { fields.append(("error", name)) }
            fields += [("error_code", code), ("error_description", message)]
        case .oauth(let error, let description):
            fields += [("error", error), ("error_description", description)]
        }
        return FormEncoding.encode(fields + [("sb", "")])
    }
}
