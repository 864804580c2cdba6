import AuthData
import Foundation

/// Where GoTrue's browser flows send the user back (`utilities.GetReferrer`,
/// `IsRedirectURLValid`) and what they put in the fragment (`AsRedirectURL`,
/// `prepErrorRedirectURL`).
enum SupabaseRedirects {
    /// `redirect_to` when GoTrue accepts it, else the site URL (`utilities/request.go`
    /// `IsRedirectURLValid`, in its order): the site's own scheme and host (any port on a
    /// loopback host; the host compared in its own case, as Go keeps it), then a loopback IP
    /// literal, then an allow-list glob matched against the
    /// URL without its fragment; a host of only digits, another IP literal or a malformed
    /// hostname never.
    ///
    /// What is returned is rebuilt from the parsed parts (``RedirectHost/rebuilt``).
    ///
    /// Stricter than GoTrue, so that the host checked is the host a browser goes to: the host is
    /// compared as written (``RedirectHost``), never decoded; a backslash, a control character,
    /// user information, a percent-encoded host or one a browser reads as an IPv4 address
    /// (`0x5db8d822`, `1.0x2`) is refused; and an allow-list glob with a host must match the
    /// host by itself too, so `*` in `https://*.example.com/**` cannot swallow a `?` and the real
    /// host before it (`https://evil%2Ecom?.example.com/`).
    /// GoTrue's `utilities.GetReferrer`: the first candidate (the request's `redirect_to`, then
    /// its `Referer`) that ``target(_:siteURL:allowList:)`` accepts, else the site URL.
    static func referrer(_ candidates: [String?], siteURL: String, allowList: [String]) -> String {
        for candidate in candidates {
            let accepted = target(candidate, siteURL: siteURL, allowList: allowList)
            if accepted != siteURL { return accepted }
        }
        return siteURL
    }

    static func target(_ redirectTo: String?, siteURL: String, allowList: [String] = []) -> String {
        guard let redirectTo, !redirectTo.isEmpty, let written = RedirectHost(redirectTo) else { return siteURL }
        let scheme = written.scheme
        let host = written.host
        let site = URLComponents(string: siteURL)
        let loopbackNames: Set<String> = ["localhost", "127.0.0.1", "::1", "[::1]", "0.0.0.0", "::"]
        if written.writtenHost == site?.percentEncodedHost, scheme == site?.scheme?.lowercased(),
            loopbackNames.contains(host) || written.port == site?.port
        {
            return written.rebuilt
        }
        if host.allSatisfy(\.isNumber) { return siteURL }
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if isIPLiteral(bare) { return isLoopback(bare) ? written.rebuilt : siteURL }
        if scheme == "http" || scheme == "https", !isHostname(host) || written.endsInNumber { return siteURL }
        let withoutFragment = String(redirectTo[..<(redirectTo.firstIndex(of: "#") ?? redirectTo.endIndex)])
        let allowed = allowList.contains { entry in
            SupabaseURIGlob(entry).matches(withoutFragment)
                && RedirectHost.globHost(of: entry).map { SupabaseURIGlob($0).matches(written.writtenAuthority) } != false
        }
        return allowed ? written.rebuilt : siteURL
    }

    private static func isIPLiteral(_ host: String) -> Bool {
        host.contains(":") || (host.split(separator: ".").count == 4 && host.split(separator: ".").allSatisfy { UInt8($0) != nil })
    }

    private static func isLoopback(_ host: String) -> Bool {
        host == "::1" || host.hasPrefix("127.")
    }

    /// `^[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?$`.
    private static func isHostname(_ host: String) -> Bool {
        let allowed = { (c: Character) in c.isASCII && (c.isLetter || c.isNumber) }
        guard let first = host.first, let last = host.last, allowed(first), allowed(last) else { return false }
        return host.allSatisfy { allowed($0) || $0 == "." || $0 == "-" }
    }

    /// The session in a fragment, keys sorted as Go's `url.Values.Encode` writes them.
    static func fragment(session: SupabaseSessionPayload, type: String) -> String {
        let providerTokens = [("provider_refresh_token", session.providerRefreshToken), ("provider_token", session.providerToken)]
        return FormEncoding.encode(
            [
                ("access_token", session.accessToken), ("expires_at", String(session.expiresAt)), ("expires_in", String(session.expiresIn)),
            ] + providerTokens.compactMap { name, value in value.map { (name, $0) } } + [
                ("refresh_token", session.refreshToken), ("sb", ""), ("token_type", session.tokenType), ("type", type),
            ])
    }

    /// An error in a fragment: `error` (the OAuth name of the status, when it has one),
    /// `error_code`, `error_description`, `sb`. From `/callback` (GoTrue `api/external.go`
    /// `getErrorQueryString`) every error has an `error`: `access_denied` for sign-ups off, a
    /// banned user and an unverified provider email, `server_error` for a status without a name.
    static func fragment(error: SupabaseFailure, fromCallback: Bool = false) -> String {
        var fields: [(String, String)] = []
        switch error {
        case .api(let status, let code, let message):
            let names = [
                400: "invalid_request", 401: "unauthorized_client", 403: "access_denied", 500: "server_error",
                503: "temporarily_unavailable",
            ]
            let denied = ["signup_disabled", "user_banned", "provider_email_needs_verification"]
            if fromCallback, denied.contains(code) {
                fields.append(("error", "access_denied"))
            } else if let name = names[status] ?? (fromCallback ? "server_error" : nil) {
                fields.append(("error", name))
            }
            fields += [("error_code", code), ("error_description", message)]
        case .oauth(let error, let description):
            fields += [("error", error), ("error_description", description)]
        }
        return FormEncoding.encode(fields + [("sb", "")])
    }
}
