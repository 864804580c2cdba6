import AuthDomain
import AuthJWT
import Foundation

/// How the Firebase-like engine behaves.
public struct FirebaseEngineConfiguration: Sendable {
    /// The project id (`aud` of ID tokens, part of `iss`).
    public var projectID: String
    /// The project number Secure Token reports as `project_id`.
    public var projectNumber: String
    /// The RS256 key that signs Firebase ID tokens (production-like; the official emulator's
    /// tokens are unsigned).
    public var idTokenKey: JWTSigningKey
    /// ID-token lifetime.
    public var idTokenLifetime: Int
    /// Accepted audiences per provider (for Apple, the Services id and bundle ids configured in
    /// the console).
    public var clientIDs: [ProviderID: Set<String>]
    /// How recent a sign-in must be for account deletion (prod answers
    /// `CREDENTIAL_TOO_OLD_LOGIN_AGAIN` beyond it).
    public var recentLoginWindow: TimeInterval
    /// Seconds an email-link code stays valid.
    public var oobCodeLifetime: TimeInterval
    /// Seconds between two sign-in emails to one address.
    public var emailResendInterval: TimeInterval
    /// The rate limits enforced (Google's emulator has none; production has them).
    public var rateLimits: FirebaseRateLimits
    /// Refresh tokens kept per user; the oldest is invalidated beyond it.
    public var maxRefreshTokensPerUser: Int
    /// The base of sign-in links put in emails: under the emulator's bound address once it
    /// listens (``boundBase``), else the one given.
    public var actionURL: String {
        get { boundBase.map { $0.url + "/emulator/action" } ?? givenActionURL }
        set {
            givenActionURL = newValue
            boundBase = nil
        }
    }
    private var givenActionURL: String
    /// The emulator's base URL, read when a request arrives; `nil` when the action URL is fixed.
    package var boundBase: LateBoundURL?
    /// The project's passkey settings (Identity Platform's `PasskeyConfig`).
    public var passkeyConfig = FirebasePasskeyConfig()
    /// The bcrypt cost of new password hashes (10; tests use bcrypt's minimum, 4).
    public var passwordHashCost: Int

    /// Creates a configuration.
    /// - Parameters:
    ///   - projectID: The project id.
    ///   - idTokenKey: The ID-token signing key.
    ///   - clientIDs: Accepted audiences per provider.
    public init(projectID: String, idTokenKey: JWTSigningKey, clientIDs: [ProviderID: Set<String>]) {
        self.projectID = projectID
        self.projectNumber = "12345"
        self.idTokenKey = idTokenKey
        self.idTokenLifetime = 3600
        self.clientIDs = clientIDs
        self.recentLoginWindow = 300
        self.oobCodeLifetime = 3600
        self.emailResendInterval = 60
        self.rateLimits = FirebaseRateLimits()
        self.maxRefreshTokensPerUser = 64
        self.givenActionURL = "http://127.0.0.1:9999/emulator/action"
        self.passwordHashCost = Bcrypt.defaultCost
    }
}
