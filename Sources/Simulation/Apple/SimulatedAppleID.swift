import AuthData
import AuthDomain
import AuthJWT
import Crypto
import Foundation

/// A stand-in for Apple's identity service and the device's sign-in sheet.
///
/// It signs real identity tokens (RS256, 2048-bit keys, several `kid`s in its JWKS, rotation),
/// remembers which Apple IDs authorized which apps (name and email in the credential only on
/// the first authorization), gives each Apple ID a stable Hide My Email relay address, answers
/// credential-state queries, and serves `/auth/token` and `/auth/revoke` with `client_secret`
/// checks (see `SimulatedAppleID+TokenEndpoint.swift`). Scripted failures make the next sheet
/// fail or cancel.
public actor SimulatedAppleID {
    /// The configuration.
    public nonisolated let configuration: AppleIDConfiguration
    let clock: AuthClock
    var state: AppleIDState
    var keyRing: RSAKeyRing
    var developerKeys: [String: P256.Signing.PublicKey]
    private var scripted: [AppleIDError] = []

    /// Creates a simulated Apple ID with fresh keys.
    /// - Parameters:
    ///   - configuration: Team, issuer, lifetimes.
    ///   - clock: The time source.
    /// - Throws: When key generation fails.
    public init(configuration: AppleIDConfiguration, clock: AuthClock) throws {
        try self.init(configuration: configuration, clock: clock,
                      keyRing: RSAKeyRing.generate(count: 2, makeKeyID: { RandomIdentifiers.keyID(10) }))
    }

    package init(configuration: AppleIDConfiguration, clock: AuthClock, keyRing: RSAKeyRing,
                 state: AppleIDState = AppleIDState(), developerKeys: [String: P256.Signing.PublicKey] = [:]) {
        self.configuration = configuration
        self.clock = clock
        self.keyRing = keyRing
        self.state = state
        self.developerKeys = developerKeys
    }

    /// The published verification keys (`/auth/keys`).
    public var jwks: JWKSet { keyRing.jwkSet }

    /// Adds a new signing key; earlier keys stay published.
    /// - Throws: When key generation fails.
    public func rotateKeys() throws {
        keyRing.rotate(to: try RSAKeyRing.generate(count: 1, makeKeyID: { RandomIdentifiers.keyID(10) }).keys[0])
    }

    /// Makes the next sheet end with `error` instead of a credential.
    /// - Parameter error: The failure (`.canceled`, `.failed`, …).
    public func scriptNextAuthorization(_ error: AppleIDError) { scripted.append(error) }

    /// Registers the team's Sign in with Apple key (.p8) that signs `client_secret`s.
    /// - Parameters:
    ///   - keyID: The 10-character key id.
    ///   - publicKey: Its public key.
    public func registerDeveloperKey(keyID: String, publicKey: P256.Signing.PublicKey) {
        developerKeys[keyID] = publicKey
    }

    /// Whether the next sheet for this Apple ID and app is a first authorization (asks for the
    /// name and the email choice).
    /// - Parameters:
    ///   - appleID: The Apple ID, or `nil` for the default.
    ///   - clientID: The app.
    /// - Returns: `true` when the app was never authorized, or the authorization was revoked.
    public func isFirstAuthorization(appleID: String?, clientID: String) -> Bool {
        guard let account = state.accounts[(appleID ?? configuration.defaultAppleID).lowercased()] else { return true }
        return activeAuthorization(clientID: clientID, subject: account.subject) == nil
    }

    /// The Hide My Email address of an Apple ID (made, with the account, on first use).
    /// - Parameter appleID: The Apple ID.
    /// - Returns: The relay address, or `nil` for a malformed Apple ID.
    public func relayAddress(appleID: String) -> String? {
        guard let normalized = try? EmailAddress.normalized(appleID) else { return nil }
        return accountFor(normalized).relayAddress
    }

    /// Runs the sheet.
    /// - Parameter request: What the person does.
    /// - Returns: The credential; `email` and `fullName` only on a first authorization.
    /// - Throws: ``AppleIDError``.
    public func authorize(_ request: AppleSheetRequest) throws(AppleIDError) -> AppleSheetResponse {
        if !scripted.isEmpty { throw scripted.removeFirst() }
        if request.cancel { throw .canceled }
        guard !request.clientID.isEmpty else { throw .invalidRequest("missing client id") }
        let appleID: String
        do { appleID = try EmailAddress.normalized(request.appleID ?? configuration.defaultAppleID) } catch {
            throw .invalidRequest("malformed Apple ID")
        }
        let now = clock.now()
        let account = accountFor(appleID)
        var firstTime = false
        let authorization: AppleIDState.Authorization
        if let existing = activeAuthorization(clientID: request.clientID, subject: account.subject) {
            authorization = existing
        } else {
            firstTime = true
            authorization = AppleIDState.Authorization(
                clientID: request.clientID, subject: account.subject,
                sharedEmail: request.hideEmail ? account.relayAddress : account.appleID,
                isPrivateEmail: request.hideEmail, authorizedAt: now, revokedAt: nil)
            state.authorizations[AppleIDState.authorizationKey(clientID: request.clientID, subject: account.subject)] = authorization
        }
        let code = RandomIdentifiers.appleAuthorizationCode()
        state.codes[code] = AppleIDState.Code(clientID: request.clientID, subject: account.subject, nonce: request.nonce, issuedAt: now)
        purgeExpiredCodes(now: now)
        let token: String
        do {
            token = try identityToken(for: authorization, nonce: request.nonce, binding: ("c_hash", code), now: now)
        } catch {
            throw .failed
        }
        let name = request.name?.formatted == nil ? nil : request.name
        return AppleSheetResponse(
            identityToken: token, authorizationCode: code, user: account.subject,
            email: firstTime ? authorization.sharedEmail : nil, fullName: firstTime ? name : nil)
    }

    /// Apple's answer to `getCredentialState(forUserID:)` for an app.
    /// - Parameters:
    ///   - userID: The user identifier.
    ///   - clientID: The app.
    /// - Returns: `authorized`, `revoked` or `notFound`.
    public func credentialState(userID: String, clientID: String) -> AppleIDCredentialState {
        guard let authorization = state.authorizations[AppleIDState.authorizationKey(clientID: clientID, subject: userID)] else {
            return .notFound
        }
        return authorization.revokedAt == nil ? .authorized : .revoked
    }

    /// The person stops using Sign in with Apple for an app (Settings › Apple ID): the next
    /// sheet is a first authorization again.
    /// - Parameters:
    ///   - appleID: The Apple ID.
    ///   - clientID: The app.
    public func revokeAuthorization(appleID: String, clientID: String) {
        guard let account = state.accounts[appleID.lowercased()] else { return }
        revoke(clientID: clientID, subject: account.subject, tokenKind: "user", at: clock.now())
    }

    /// What `/auth/revoke` has revoked, oldest first.
    public var revocations: [AppleRevocation] {
        state.revocations.map { AppleRevocation(clientID: $0.clientID, userID: $0.subject, tokenKind: $0.tokenKind, at: $0.at) }
    }

    // MARK: - Internals shared with the token endpoint

    func activeAuthorization(clientID: String, subject: String) -> AppleIDState.Authorization? {
        guard let authorization = state.authorizations[AppleIDState.authorizationKey(clientID: clientID, subject: subject)],
              authorization.revokedAt == nil
        else { return nil }
        return authorization
    }

    func revoke(clientID: String, subject: String, tokenKind: String, at now: Date) {
        let key = AppleIDState.authorizationKey(clientID: clientID, subject: subject)
        if state.authorizations[key]?.revokedAt == nil { state.authorizations[key]?.revokedAt = now }
        for (token, record) in state.tokens where record.clientID == clientID && record.subject == subject && record.revokedAt == nil {
            state.tokens[token]?.revokedAt = now
        }
        state.revocations.append(AppleIDState.Revocation(clientID: clientID, subject: subject, tokenKind: tokenKind, at: now))
    }

    func identityToken(for authorization: AppleIDState.Authorization, nonce: String?, binding: (claim: String, value: String), now: Date) throws -> String {
        let iat = Int64(now.timeIntervalSince1970)
        var claims: JSONObject = [
            "iss": .string(configuration.issuer),
            "aud": .string(authorization.clientID),
            "exp": .int(iat + Int64(configuration.tokenLifetime)),
            "iat": .int(iat),
            "sub": .string(authorization.subject),
        ]
        if let nonce { claims["nonce"] = .string(nonce) }
        claims[binding.claim] = .string(Self.halfHash(binding.value))
        claims["email"] = .string(authorization.sharedEmail)
        claims["email_verified"] = boolean(true)
        if authorization.isPrivateEmail { claims["is_private_email"] = boolean(true) }
        claims["auth_time"] = .int(iat)
        claims["nonce_supported"] = .bool(true)
        if let status = configuration.realUserStatus { claims["real_user_status"] = .int(Int64(status)) }
        return try keyRing.active.signer.sign(claims, header: ["typ": .null])
    }

    /// OIDC `c_hash`/`at_hash`: base64url of the left half of the SHA-256 of the value.
    static func halfHash(_ value: String) -> String {
        Base64URL.encode(Array(SHA256.hash(data: Array(value.utf8))).prefix(16))
    }

    private func boolean(_ value: Bool) -> JSONValue {
        configuration.booleanClaims == .boolean ? .bool(value) : .string(value ? "true" : "false")
    }

    private func accountFor(_ appleID: String) -> AppleIDState.Account {
        if let account = state.accounts[appleID] { return account }
        let account = AppleIDState.Account(
            appleID: appleID, subject: RandomIdentifiers.appleSubject(), relayAddress: RandomIdentifiers.appleRelayAddress())
        state.accounts[appleID] = account
        state.subjects[account.subject] = appleID
        return account
    }

    private func purgeExpiredCodes(now: Date) {
        guard state.codes.count > 1024 else { return }
        state.codes = state.codes.filter { now.timeIntervalSince($0.value.issuedAt) < 300 }
    }
}

/// A token revocation recorded by the simulated Apple.
public struct AppleRevocation: Sendable, Hashable {
    /// The app.
    public var clientID: String
    /// The user identifier.
    public var userID: String
    /// `refresh_token`, `access_token`, or `user` (revoked in Settings).
    public var tokenKind: String
    /// When.
    public var at: Date
}
