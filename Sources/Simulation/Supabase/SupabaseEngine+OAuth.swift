import AuthData
import AuthDomain
import AuthJWT
import Foundation

/// The browser sign-in (the authorization-code flow) as GoTrue serves it:
/// `api/external.go` (`/authorize`, `/callback`), `api/identity.go` (`/user/identities/authorize`),
/// `api/token.go` (`grant_type=pkce`), `models/flow_state.go`. The provider is the simulated
/// Apple or Google, reached through ``ProviderWebFlow``.
extension SupabaseEngine {
    /// `GET /authorize`: a flow state, then the provider's sign-in page.
    /// - Parameters:
    ///   - provider: `provider` (lowercased).
    ///   - referrers: `redirect_to`, then the `Referer` header (GoTrue `utilities.GetReferrer`);
    ///     the first allowed one is where the flow ends, else the site URL, silently.
    ///   - codeChallenge: `code_challenge` (PKCE); without it the implicit flow.
    ///   - codeChallengeMethod: `s256` or `plain`.
    ///   - scopes: Extra scopes, comma-separated: appended to Google's, ignored for Apple
    ///     (GoTrue `provider/google.go`, `provider/apple.go`).
    ///   - base: The emulator's origin, for the callback URL.
    ///   - linkingBearer: For `/user/identities/authorize`: the signed-in user's token.
    ///   - client: The client's address (rate limits).
    /// - Returns: The provider's authorization URL.
    /// - Throws: 400 `validation_failed` for an unknown provider or a bad PKCE challenge
    ///   (``SupabaseCodeChallenge``); the authentication and manual-linking errors when linking.
    package func authorize(
        provider rawProvider: String?, referrers: [String?], codeChallenge: String?, codeChallengeMethod: String?, scopes: String?,
        base: String, linkingBearer: String? = nil, client: String = inProcessClient
    ) async throws(SupabaseFailure) -> URL {
        let name = (rawProvider ?? "").lowercased()
        guard !name.isEmpty else { throw .validation("Unsupported provider: missing provider") }
        let provider = ProviderWireNames.provider(supabase: name)
        guard let webFlow, webFlow.serves(provider, verifiesIDTokens: verifiers[provider] != nil),
            let clientID = configuration.clientIDs[provider]?.sorted().first
        else { throw .validation("Unsupported provider: Provider \(name) could not be found") }
        // GoTrue internal/conf/configuration.go ValidateOAuth, as api/external.go words it.
        guard configuration.settings.enabledProviders.contains(provider) else {
            throw .validation("Unsupported provider: provider is not enabled")
        }
        let pkce = try SupabaseCodeChallenge.parse(challenge: codeChallenge, method: codeChallengeMethod)
        var linkingTarget: String?
        if let linkingBearer {
            guard configuration.settings.manualLinkingEnabled else { throw .manualLinkingDisabled }
            linkingTarget = try await authenticate(linkingBearer).userID
        }
        let now = clock.now()
        let settings = configuration.settings
        let record = SupabaseFlowStateRecord(
            id: UUID().uuidString.lowercased(), provider: ProviderWireNames.supabase(provider), codeChallenge: pkce?.challenge,
            codeChallengeMethod: pkce?.method, authCode: nil,
            referrer: SupabaseRedirects.referrer(referrers, siteURL: settings.siteURL, allowList: settings.uriAllowList),
            linkingTargetID: linkingTarget, createdAt: now, authenticationMethod: "oauth")
        try await mutate { (store: SupabaseStore) throws(SupabaseFailure) in store.insertFlowState(record, now: now) }
        guard
            let url = webFlow.authorizationURL(
                provider: provider, base: base, clientID: clientID, redirectURI: base + "/auth/v1/callback", state: record.id,
                scopes: Self.providerScopes(provider, extra: scopes))
        else { throw .validation("Unsupported provider: Provider \(name) could not be found") }
        return url
    }

    /// The `scope` GoTrue asks the provider for: Google's `email profile` and the extra scopes
    /// (split at commas) after them; Apple's `email name`, whatever was asked.
    static func providerScopes(_ provider: ProviderID, extra: String?) -> String? {
        switch provider {
        case .google:
            let added = (extra ?? "").isEmpty ? [] : (extra ?? "").split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            return (["email", "profile"] + added).joined(separator: " ")
        case .apple: return "email name"
        default: return nil
        }
    }

    /// `GET|POST /callback`: the provider's answer. Always a redirect: to `redirect_to` with the
    /// auth code (PKCE) or the session in the fragment (implicit), or with the error (every error
    /// has an `error`, ``SupabaseRedirects/fragment(error:fromCallback:)``); state errors go to
    /// the site URL (`loadFlowState`). A failed callback keeps the flow state, as GoTrue does, so
    /// the provider may answer again within its 300 s.
    /// - Parameters:
    ///   - fields: The query (GET) or form (Apple's `form_post`): `state`, `code`, `error`,
    ///     `error_description`, `user`.
    ///   - base: The emulator's origin (the callback URL the code was issued for).
    /// - Returns: Where to send the browser, and the status (303 for state errors, else 302).
    package func callback(_ fields: [String: String], base: String) async -> (location: String, status: Int) {
        let now = clock.now()
        let record: SupabaseFlowStateRecord
        do {
            record = try inspect { (store: SupabaseStore) throws(SupabaseFailure) in
                try store.flowStateForCallback(fields["state"], now: now)
            }
        } catch {
            return (Self.withError(configuration.settings.siteURL, error, fromCallback: true), 303)
        }
        do {
            return (try await completeCallback(record, fields: fields, base: base, now: now), 302)
        } catch {
            return (Self.withError(record.referrer, error, fromCallback: true), 302)
        }
    }

    private func completeCallback(_ record: SupabaseFlowStateRecord, fields: [String: String], base: String, now: Date)
        async throws(SupabaseFailure) -> String
    {
        if let error = fields["error"], !error.isEmpty {
            throw .oauth(error: error, description: fields["error_description"] ?? error)
        }
        guard let code = fields["code"], !code.isEmpty else {
            throw .api(status: 400, code: "bad_oauth_callback", message: "OAuth callback with missing authorization code missing")
        }
        let provider = ProviderWireNames.provider(supabase: record.provider)
        guard let webFlow, let clientID = configuration.clientIDs[provider]?.sorted().first else {
            throw .validation("Unsupported provider: Provider \(record.provider) could not be found")
        }
        let exchanged: ProviderWebFlow.Exchanged
        do {
            exchanged = try await webFlow.exchange(
                provider: provider, code: code, clientID: clientID, redirectURI: base + "/auth/v1/callback")
        } catch {
            throw .api(status: 500, code: "unexpected_failure", message: "Error exchanging code: \(error.error): \(error.description)")
        }
        var identity: SupabaseStore.ProvenIdentity
        switch exchanged.answer {
        case .idToken(let idToken): identity = try await verify(idToken, provider: provider, rawNonce: nil, accessToken: nil)
        case .userInfo(let info): identity = SupabaseStore.ProvenIdentity(info, provider: provider)
        }
        // Apple gives the name only in the callback's `user` field, the first time (provider/apple.go `ParseUser`).
        if provider == .apple, let name = Self.appleName(fields["user"]) {
            identity.identityData["name"] = .string(name)
            identity.identityData["full_name"] = .string(name)
        }
        // PKCE keeps the user and the provider's tokens in the flow state with the code that
        // hands them over; the session is made at the exchange. The implicit flow makes it now
        // and spends the flow state.
        guard record.codeChallenge != nil else {
            var session = try await sessionPayload(
                try mutate { (store: SupabaseStore) throws(SupabaseFailure) in
                    let issued: SupabaseStore.Issued
                    if let target = record.linkingTargetID {
                        issued = try store.link(identity, toUser: target, now: now)
                    } else {
                        issued = try store.signIn(with: identity, now: now)
                    }
                    store.removeFlowState(record.id)
                    return issued
                })
            session.providerToken = exchanged.tokens?.accessToken
            session.providerRefreshToken = exchanged.tokens?.refreshToken
            return Self.withoutFragment(record.referrer) + "#" + SupabaseRedirects.fragment(session: session, type: "")
        }
        let authCode = UUID().uuidString.lowercased()
        try await mutate { (store: SupabaseStore) throws(SupabaseFailure) in
            let userID: String
            if let target = record.linkingTargetID {
                _ = try store.attach(identity, toUser: target, now: now)
                userID = target
            } else {
                userID = try store.admit(identity, now: now).userID
            }
            store.completeFlowState(record.id, userID: userID, tokens: exchanged.tokens, authCode: authCode, now: now)
        }
        return Self.appending([("code", authCode)], to: record.referrer)
    }

    /// `POST /token?grant_type=pkce` with `auth_code` and `code_verifier`: the session, made now,
    /// with the provider's tokens a browser sign-in kept (`provider_token`, `provider_refresh_token`).
    /// - Parameters:
    ///   - authCode: The code `redirect_to` got.
    ///   - codeVerifier: The PKCE verifier.
    ///   - client: The client's address (rate limits).
    /// - Returns: The session.
    /// - Throws: 400 `validation_failed` (either empty), 404 `flow_state_not_found`, 422
    ///   `flow_state_expired`, 400 `bad_code_verifier`.
    package func grantPKCE(authCode: String?, codeVerifier: String?, client: String = inProcessClient) async throws(SupabaseFailure)
        -> SupabaseSessionPayload
    {
        try limit(\.token, "token", client: client)
        guard let authCode, !authCode.isEmpty, let codeVerifier, !codeVerifier.isEmpty else {
            throw .validation("invalid request: both auth code and code verifier should be non-empty")
        }
        let now = clock.now()
        let (issued, tokens) = try await mutate { (store: SupabaseStore) throws(SupabaseFailure) in
            try store.exchangeFlowState(authCode: authCode, verifier: codeVerifier, now: now)
        }
        var session = try sessionPayload(issued)
        session.providerToken = tokens?.accessToken
        session.providerRefreshToken = tokens?.refreshToken
        return session
    }

    /// "First Last" from Apple's `user` JSON (`{"name":{"firstName":…,"lastName":…}}`).
    static func appleName(_ user: String?) -> String? {
        guard let user, let object = try? StrictJSONParser.parseObject(Array(user.utf8)), let name = object["name"]?.objectValue else {
            return nil
        }
        let full = [name["firstName"]?.stringValue, name["lastName"]?.stringValue].compactMap { $0 }.joined(separator: " ")
            .trimmingCharacters(in: .whitespaces)
        return full.isEmpty || full.utf8.count > 256 ? nil : full
    }

    /// `url` with the error in its query and in its fragment (`redirectErrors`).
    static func withError(_ url: String, _ error: SupabaseFailure, fromCallback: Bool = false) -> String {
        let fragment = SupabaseRedirects.fragment(error: error, fromCallback: fromCallback)
        let query = FormEncoding.decode(fragment).map { fields in fields.filter { $0.key != "sb" }.sorted { $0.key < $1.key } } ?? []
        return appending(query.map { ($0.key, $0.value) }, to: url) + "#" + fragment
    }

    /// `url` with query items added (its fragment dropped).
    static func appending(_ fields: [(String, String)], to url: String) -> String {
        let base = withoutFragment(url)
        return base + (base.contains("?") ? "&" : "?") + FormEncoding.encode(fields)
    }

    /// `url` up to its `#`.
    static func withoutFragment(_ url: String) -> String {
        String(url[..<(url.firstIndex(of: "#") ?? url.endIndex)])
    }
}
