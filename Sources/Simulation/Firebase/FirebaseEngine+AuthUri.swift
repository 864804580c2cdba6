import AuthData
import AuthDomain
import AuthJWT
import Foundation

/// A `createAuthUri` sign-in waiting for the provider's answer.
struct FirebaseWebSession: Sendable {
    let providerId: String
    let continueUri: String
    let state: String
    let createdAt: Date
}

/// `accounts:createAuthUri` for an identity provider, and the code it leads to in
/// `signInWithIdp` (Firebase's `OAuthProvider` redirect flow). Google's emulator does not serve
/// this (`ops.ts` `createAuthUri` answers 501 for a `providerId`); production returns an
/// `authUri` to the provider with Firebase's own state, and exchanges the code the provider sends
/// back to `continueUri` when the client posts it as `requestUri` with the `sessionId`.
extension FirebaseEngine {
    /// How long a `createAuthUri` session waits for `signInWithIdp`.
    static let webSessionLifetime: TimeInterval = 600
    /// How many `createAuthUri` sessions may wait at once (the oldest is dropped first).
    static let webSessionCapacity = 10_000

    /// `accounts:createAuthUri` with a `providerId`.
    /// - Parameters:
    ///   - providerId: `apple.com` or `google.com`.
    ///   - continueUri: Where the provider sends its answer (the app's redirect URI).
    ///   - base: The emulator's origin, where the providers' pages are.
    /// - Returns: The response: `authUri`, `providerId`, `sessionId`.
    /// - Throws: `MISSING_CONTINUE_URI`, `INVALID_CONTINUE_URI`, `INVALID_PROVIDER_ID`.
    package func createAuthUri(providerId rawProvider: String?, continueUri: String?, base: String) throws(FirebaseFailure)
        -> FirebaseCreateAuthUriResponse
    {
        guard let continueUri, !continueUri.isEmpty else { throw .code("MISSING_CONTINUE_URI") }
        guard FirebaseURI.isAbsolute(continueUri), continueUri.utf8.count <= 2048 else { throw .code("INVALID_CONTINUE_URI") }
        let providerId = (rawProvider ?? "").lowercased()
        let provider = ProviderWireNames.provider(firebase: providerId)
        guard let webFlow, webFlow.serves(provider, verifiesIDTokens: verifiers[provider] != nil),
            let clientID = configuration.clientIDs[provider]?.sorted().first
        else {
            throw .code("INVALID_PROVIDER_ID", "Provider \(providerId) is not enabled for this project.")
        }
        let now = self.now
        let session = FirebaseWebSession(
            providerId: providerId, continueUri: continueUri, state: RandomIdentifiers.base64URL(32), createdAt: now)
        let sessionId = RandomIdentifiers.base64URL(32)
        webSessions.withLock { $0.insert(session, id: sessionId, now: now) }
        guard
            let authUri = webFlow.authorizationURL(
                provider: provider, base: base, clientID: clientID, redirectURI: continueUri, state: session.state)
        else {
            throw .code("INVALID_PROVIDER_ID")
        }
        return FirebaseCreateAuthUriResponse(authUri: authUri.absoluteString, providerId: providerId, sessionId: sessionId)
    }

    /// The ID token for a `signInWithIdp` that carries the provider's `code` and a `sessionId`:
    /// the session must exist, be for this provider, the `requestUri` must come back to its
    /// `continueUri` with its `state`; the code is exchanged at the provider (single use).
    /// - Parameters:
    ///   - sessionId: The request's `sessionId`.
    ///   - requestUri: The redirect URL the client posts.
    ///   - params: The merged credential parameters.
    /// - Returns: The provider id and who signed in (Apple's `form_post` `id_token`, or the code's exchange).
    /// - Throws: `INVALID_SESSION_ID`, `INVALID_REQUEST_URI`, `INVALID_IDP_RESPONSE`.
    func exchangeWebCode(
        sessionId: String, requestUri: String, params: FirebaseIdpParameters
    ) async throws(FirebaseFailure) -> (providerId: String, answer: ProviderWebFlow.Answer) {
        let now = self.now
        guard let session = webSessions.withLock({ $0.take(sessionId, now: now) }) else {
            throw .code("INVALID_SESSION_ID", "The session has expired or was already used.")
        }
        let continueBase = session.continueUri.prefix { $0 != "?" && $0 != "#" }
        guard requestUri.hasPrefix(continueBase) else {
            throw .code("INVALID_REQUEST_URI", "requestUri does not match the session's continueUri.")
        }
        guard params["state"] == session.state else { throw .idpResponse("The OAuth state does not match the session.") }
        let provider = ProviderWireNames.provider(firebase: session.providerId)
        if let idToken = params["id_token"], !idToken.isEmpty { return (session.providerId, .idToken(idToken)) }
        guard let code = params["code"], !code.isEmpty, let webFlow, let clientID = configuration.clientIDs[provider]?.sorted().first else {
            throw .idpResponse("The IdP response has neither an id_token nor a code.")
        }
        do {
            let exchanged = try await webFlow.exchange(provider: provider, code: code, clientID: clientID, redirectURI: session.continueUri)
            return (session.providerId, exchanged.answer)
        } catch {
            throw .idpResponse("Error exchanging the code with \(session.providerId): \(error.error): \(error.description)")
        }
    }

    /// `accounts:createAuthUri` with an `identifier` (an email): its sign-in methods, in
    /// firebase-tools' order of checks (`ops.ts` `createAuthUri`).
    /// - Parameters:
    ///   - identifier: The email.
    ///   - continueUri: Required, absolute.
    /// - Returns: `registered`, `allProviders`, `signinMethods`, `sessionId`; only `sessionId`
    ///   under email enumeration protection.
    /// - Throws: `MISSING_IDENTIFIER`, `MISSING_CONTINUE_URI`, `INVALID_IDENTIFIER`, `INVALID_CONTINUE_URI`.
    package func signInMethods(identifier: String?, continueUri: String?) async throws(FirebaseFailure) -> JSONObject {
        guard let identifier, !identifier.isEmpty else { throw .code("MISSING_IDENTIFIER") }
        guard let continueUri, !continueUri.isEmpty else { throw .code("MISSING_CONTINUE_URI") }
        let parts = identifier.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { throw .code("INVALID_IDENTIFIER") }
        guard FirebaseURI.isAbsolute(continueUri) else { throw .code("INVALID_CONTINUE_URI") }
        let (config, user) = try inspect { (store: FirebaseStore) throws(FirebaseFailure) in
            (store.config, store.users(localIds: [], emails: [identifier]).first)
        }
        var answer: JSONObject = [
            "kind": .string("identitytoolkit#CreateAuthUriResponse"), "sessionId": .string(RandomIdentifiers.base64URL(20)),
        ]
        // Email enumeration protection: nothing about the address (firebase-tools `createAuthUri`).
        guard !config.enableImprovedEmailPrivacy else { return answer }
        var methods: [String] = []
        for provider in user?.providers ?? [] where provider.providerId != "phone" {
            guard provider.providerId == "password" else {
                methods.append(provider.providerId)
                continue
            }
            if user?.passwordHash != nil { methods.append("password") }
            if user?.emailLinkSignin == true { methods.append("emailLink") }
        }
        answer["registered"] = .bool(user != nil)
        answer["allProviders"] = .array((user?.providers ?? []).filter { $0.providerId != "phone" }.map { .string($0.providerId) })
        answer["signinMethods"] = .array(methods.map(JSONValue.string))
        return answer
    }
}
