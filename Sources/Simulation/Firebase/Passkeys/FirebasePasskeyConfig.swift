/// A project's passkey settings, as Identity Platform's `PasskeyConfig` names them
/// (Identity Toolkit admin v2 `projects.getPasskeyConfig`: `rpId`, `expectedOrigins`).
public struct FirebasePasskeyConfig: Sendable, Hashable {
    /// `rpId`: the relying party's ID.
    public var rpID: String
    /// `expectedOrigins`: the origins accepted in client data, exactly. Empty: every ceremony is refused.
    public var expectedOrigins: [String]
    /// Seconds a challenge stays usable (Google does not publish one; GoTrue's 5 minutes).
    public var challengeLifetime: Double
    /// Passkeys a user may hold (an emulator bound; Google publishes none).
    public var maxPasskeysPerUser: Int

    /// A configuration.
    /// - Parameters:
    ///   - rpID: The RP ID (`localhost` by default, as firebase-tools answers).
    ///   - expectedOrigins: The accepted origins.
    public init(rpID: String = "localhost", expectedOrigins: [String] = []) {
        self.rpID = rpID
        self.expectedOrigins = expectedOrigins
        challengeLifetime = 300
        maxPasskeysPerUser = 10
    }
}
