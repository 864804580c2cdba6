import Foundation

/// How the simulated Apple ID behaves; defaults follow tokens observed in 2025.
public struct AppleIDConfiguration: Sendable, Hashable {
    /// How Apple writes `email_verified` and `is_private_email`.
    public enum BooleanClaimStyle: String, Sendable, Hashable, Codable {
        /// JSON booleans (observed from 2025).
        case boolean
        /// The strings `"true"`/`"false"` (observed 2019 to 2023).
        case string
    }

    /// The developer team (10 characters); Apple's `sub` is stable per team.
    public var teamID: String
    /// The issuer written into tokens.
    public var issuer: String
    /// Identity-token lifetime; 600 s until 2020, 86 400 s since 2022.
    public var tokenLifetime: TimeInterval
    /// How boolean claims are written.
    public var booleanClaims: BooleanClaimStyle
    /// `real_user_status` (0 unsupported, 1 unknown, 2 likely real); `nil` omits it (web).
    public var realUserStatus: Int?
    /// The Apple ID signed in on the simulated device, used when a request names none.
    public var defaultAppleID: String

    /// The Apple ID a simulated device is signed in to unless told otherwise.
    public static let standardAppleID = "johnny.appleseed@icloud.com"

    /// Creates a configuration.
    /// - Parameters:
    ///   - teamID: The team id.
    ///   - issuer: The token issuer.
    ///   - tokenLifetime: Token lifetime, seconds.
    ///   - booleanClaims: How booleans are written.
    ///   - realUserStatus: The `real_user_status` claim.
    ///   - defaultAppleID: The device's Apple ID.
    public init(
        teamID: String, issuer: String = "https://appleid.apple.com", tokenLifetime: TimeInterval = 86_400,
        booleanClaims: BooleanClaimStyle = .boolean, realUserStatus: Int? = 2,
        defaultAppleID: String = AppleIDConfiguration.standardAppleID
    ) {
        self.teamID = teamID
        self.issuer = issuer
        self.tokenLifetime = tokenLifetime
        self.booleanClaims = booleanClaims
        self.realUserStatus = realUserStatus
        self.defaultAppleID = defaultAppleID
    }
}
