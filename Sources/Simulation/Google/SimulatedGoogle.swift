import AuthData
import AuthDomain
import AuthJWT
import Crypto
import Foundation

/// What the person does in the simulated Google account chooser.
public struct GoogleSignInSheetRequest: Sendable, Hashable {
    /// The OAuth client id; becomes the token's `aud` and `azp`.
    public var clientID: String
    /// The Google account.
    public var email: String
    /// The account's name (used when the account is first seen).
    public var name: PersonName?
    /// Echoed verbatim into the token's `nonce` claim.
    public var nonce: String?
    /// Whether the person dismisses the chooser.
    public var cancel: Bool

    /// Creates a request.
    /// - Parameters:
    ///   - clientID: The OAuth client id.
    ///   - email: The Google account.
    ///   - name: The account's name.
    ///   - nonce: The nonce claim value.
    ///   - cancel: Whether the chooser is dismissed.
    public init(clientID: String, email: String, name: PersonName? = nil, nonce: String? = nil, cancel: Bool = false) {
        self.clientID = clientID
        self.email = email
        self.name = name
        self.nonce = nonce
        self.cancel = cancel
    }
}

/// What Google returns.
public struct GoogleSignInSheetResponse: Sendable, Hashable {
    /// The ID token (JWT, RS256, one hour).
    public var idToken: String
    /// The OAuth access token (`ya29.…`).
    public var accessToken: String
    /// The account's subject.
    public var userID: String
    /// The email.
    public var email: String
    /// The name.
    public var name: PersonName?
}

/// A stand-in for Google Sign-In: accounts with stable 21-digit subjects, ID tokens signed with
/// rotating RS256 keys (40-hex `kid`s), one-hour lifetime, claims as Google sends them. Accounts
/// are kept in the services' storage (``GoogleAccountRows``).
public actor SimulatedGoogle {
    /// A Google account.
    package struct Account: Codable, Sendable, Hashable {
        package var email: String
        package var subject: String
        package var givenName: String?
        package var familyName: String?

        /// Creates a record with every field.
        package init(
            email: String, subject: String, givenName: String? = nil, familyName: String? = nil
        ) {
            self.email = email
            self.subject = subject
            self.givenName = givenName
            self.familyName = familyName
        }
    }

    let clock: AuthClock
    var keyRing: RSAKeyRing
    let storage: any SimulationStorage
    private var scripted: [AuthError] = []
    /// Codes of the web flow not yet exchanged (memory only: they live 10 minutes).
    var codes: [String: PendingCode] = [:]

    /// The issuer written into tokens.
    public nonisolated let issuer = "https://accounts.google.com"

    /// Creates a simulated Google with fresh keys.
    /// - Parameter clock: The time source.
    /// - Throws: When key generation fails.
    public init(clock: AuthClock) throws {
        self.init(
            clock: clock, keyRing: try RSAKeyRing.generate(count: 2, makeKeyID: { RandomIdentifiers.hex(40) }),
            storage: InMemorySimulationStorage())
    }

    package init(clock: AuthClock, keyRing: RSAKeyRing, storage: any SimulationStorage) {
        self.clock = clock
        self.keyRing = keyRing
        self.storage = storage
    }

    /// The published keys (`/oauth2/v3/certs`).
    public var jwks: JWKSet { keyRing.jwkSet }

    /// Adds a new signing key; earlier keys stay published.
    /// - Throws: When key generation fails.
    public func rotateKeys() throws {
        keyRing.rotate(to: try RSAKeyRing.generate(count: 1, makeKeyID: { RandomIdentifiers.hex(40) }).keys[0])
    }

    /// Makes the next sign-in fail with `error` (`.cancelled`, `.authorizationFailed`).
    /// - Parameter error: The failure.
    public func scriptNextSignIn(_ error: AuthError) { scripted.append(error) }

    /// Signs in.
    /// - Parameter request: What the person does.
    /// - Returns: The tokens and profile.
    /// - Throws: ``AuthError``: `cancelled`, `invalidEmail`, or a scripted failure.
    public func signIn(_ request: GoogleSignInSheetRequest) throws(AuthError) -> GoogleSignInSheetResponse {
        if !scripted.isEmpty { throw scripted.removeFirst() }
        if request.cancel { throw .cancelled }
        guard !request.clientID.isEmpty else { throw .invalidInput("missing client id") }
        let email = try EmailAddress.normalized(request.email)
        let account: Account
        do {
            account = try storage.update { (rows: any SimulationRows) -> Account in
                if let account = rows.google.account(email: email) { return account }
                let account = Account(
                    email: email, subject: RandomIdentifiers.googleSubject(),
                    givenName: request.name?.givenName, familyName: request.name?.familyName)
                rows.google.insert(account)
                return account
            }
        } catch {
            throw .storage("the simulated Google could not keep the account: \(error)")
        }
        let now = Int64(clock.now().timeIntervalSince1970)
        let accessToken = "ya29." + RandomIdentifiers.base64URL(120)
        let name = PersonName(givenName: account.givenName, familyName: account.familyName)
        var claims: JSONObject = [
            "iss": .string(issuer), "azp": .string(request.clientID), "aud": .string(request.clientID),
            "sub": .string(account.subject), "email": .string(account.email), "email_verified": .bool(true),
            "at_hash": .string(SimulatedAppleID.halfHash(accessToken)),
        ]
        if let nonce = request.nonce { claims["nonce"] = .string(nonce) }
        if let formatted = name.formatted {
            claims["name"] = .string(formatted)
            claims["picture"] = .string("https://lh3.googleusercontent.com/a/" + String(account.subject.suffix(8)))
            if let given = name.givenName { claims["given_name"] = .string(given) }
            if let family = name.familyName { claims["family_name"] = .string(family) }
        }
        claims["iat"] = .int(now)
        claims["exp"] = .int(now + 3600)
        let token: String
        do { token = try keyRing.active.signer.sign(claims) } catch {
            throw .authorizationFailed("the simulated Google could not sign the token")
        }
        return GoogleSignInSheetResponse(
            idToken: token, accessToken: accessToken, userID: account.subject, email: account.email,
            name: name.formatted == nil ? nil : name)
    }
}
