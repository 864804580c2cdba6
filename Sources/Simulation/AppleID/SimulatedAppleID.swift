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
/// fail or cancel. What it remembers is kept in the services' storage (``AppleIDRows``); its keys
/// and scripted failures in memory.
public actor SimulatedAppleID {
    /// The configuration.
    public nonisolated let configuration: AppleIDConfiguration
    let clock: AuthClock
    let storage: any SimulationStorage
    var keyRing: RSAKeyRing
    var developerKeys: [String: P256.Signing.PublicKey]
    private var scripted: [AppleIDError] = []

    /// Creates a simulated Apple ID with fresh keys.
    /// - Parameters:
    ///   - configuration: Team, issuer, lifetimes.
    ///   - clock: The time source.
    /// - Throws: When key generation fails.
    public init(configuration: AppleIDConfiguration, clock: AuthClock) throws {
        try self.init(
            configuration: configuration, clock: clock,
            keyRing: RSAKeyRing.generate(count: 2, makeKeyID: { RandomIdentifiers.keyID(10) }), storage: InMemorySimulationStorage())
    }

    package init(
        configuration: AppleIDConfiguration, clock: AuthClock, keyRing: RSAKeyRing,
        storage: any SimulationStorage, developerKeys: [String: P256.Signing.PublicKey] = [:]
    ) {
        self.configuration = configuration
        self.clock = clock
        self.keyRing = keyRing
        self.storage = storage
        self.developerKeys = developerKeys
    }

    /// Runs one step on the Apple ID's rows, committed before it returns.
    /// - Parameters:
    ///   - storageFailure: What to throw when the storage fails.
    ///   - body: The step.
    func step<Result, Failure: Error>(
        storageFailure: Failure, _ body: (any AppleIDRows) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try storage.transaction(storageFailure: { _ in storageFailure }) { (rows: any SimulationRows) throws(Failure) -> Result in
            try body(rows.appleID)
        }
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
        let key = (appleID ?? configuration.defaultAppleID).lowercased()
        return
            (try? storage.fetch { (rows: any SimulationRows) -> Bool in
                guard let account = rows.appleID.account(appleID: key) else { return true }
                return Self.activeAuthorization(clientID: clientID, subject: account.subject, in: rows.appleID) == nil
            }) ?? true
    }

    /// The Hide My Email address of an Apple ID (made, with the account, on first use).
    /// - Parameter appleID: The Apple ID.
    /// - Returns: The relay address, or `nil` for a malformed Apple ID.
    public func relayAddress(appleID: String) -> String? {
        guard let normalized = try? EmailAddress.normalized(appleID) else { return nil }
        return try? storage.update { (rows: any SimulationRows) in Self.accountFor(normalized, in: rows.appleID).relayAddress }
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
        let code = RandomIdentifiers.appleAuthorizationCode()
        let (account, authorization, firstTime) = try step(storageFailure: AppleIDError.failed) {
            (rows: any AppleIDRows) throws(AppleIDError) -> (AppleIDState.Account, AppleIDState.Authorization, Bool) in
            let account = Self.accountFor(appleID, in: rows)
            var firstTime = false
            let authorization: AppleIDState.Authorization
            if let existing = Self.activeAuthorization(clientID: request.clientID, subject: account.subject, in: rows) {
                authorization = existing
            } else {
                firstTime = true
                authorization = AppleIDState.Authorization(
                    clientID: request.clientID, subject: account.subject,
                    sharedEmail: request.hideEmail ? account.relayAddress : account.appleID,
                    isPrivateEmail: request.hideEmail, authorizedAt: now, revokedAt: nil)
                rows.save(authorization)
            }
            rows.save(
                code: code,
                AppleIDState.Code(
                    clientID: request.clientID, subject: account.subject, nonce: request.nonce, issuedAt: now,
                    redirectURI: request.redirectURI))
            rows.purgeCodes(issuedBefore: now.addingTimeInterval(-300))
            return (account, authorization, firstTime)
        }
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
        let authorization = try? storage.fetch { (rows: any SimulationRows) in
            rows.appleID.authorization(clientID: clientID, subject: userID)
        }
        guard let authorization = authorization ?? nil else { return .notFound }
        return authorization.revokedAt == nil ? .authorized : .revoked
    }

    /// The person stops using Sign in with Apple for an app (Settings › Apple ID): the next
    /// sheet is a first authorization again.
    /// - Parameters:
    ///   - appleID: The Apple ID.
    ///   - clientID: The app.
    public func revokeAuthorization(appleID: String, clientID: String) {
        let now = clock.now()
        _ = try? storage.update { (rows: any SimulationRows) in
            guard let account = rows.appleID.account(appleID: appleID.lowercased()) else { return }
            Self.revoke(clientID: clientID, subject: account.subject, tokenKind: "user", at: now, in: rows.appleID)
        }
    }

    /// What `/auth/revoke` has revoked, oldest first (none when the storage cannot be read).
    public var revocations: [AppleRevocation] {
        let all = (try? storage.fetch { (rows: any SimulationRows) in rows.appleID.revocations() }) ?? []
        return all.map { AppleRevocation(clientID: $0.clientID, userID: $0.subject, tokenKind: $0.tokenKind, at: $0.at) }
    }

    // MARK: - Internals shared with the token endpoint

    static func activeAuthorization(clientID: String, subject: String, in rows: any AppleIDRows) -> AppleIDState.Authorization? {
        guard let authorization = rows.authorization(clientID: clientID, subject: subject), authorization.revokedAt == nil else {
            return nil
        }
        return authorization
    }

    static func revoke(clientID: String, subject: String, tokenKind: String, at now: Date, in rows: any AppleIDRows) {
        if var authorization = rows.authorization(clientID: clientID, subject: subject), authorization.revokedAt == nil {
            authorization.revokedAt = now
            rows.save(authorization)
        }
        rows.revokeTokens(clientID: clientID, subject: subject, at: now)
        rows.append(AppleIDState.Revocation(clientID: clientID, subject: subject, tokenKind: tokenKind, at: now))
    }

    func identityToken(for authorization: AppleIDState.Authorization, nonce: String?, binding: (claim: String, value: String), now: Date)
        throws -> String
    {
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

    private static func accountFor(_ appleID: String, in rows: any AppleIDRows) -> AppleIDState.Account {
        if let account = rows.account(appleID: appleID) { return account }
        let account = AppleIDState.Account(
            appleID: appleID, subject: RandomIdentifiers.appleSubject(), relayAddress: RandomIdentifiers.appleRelayAddress())
        rows.insert(account)
        return account
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
