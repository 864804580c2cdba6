/// A ceremony the backend opened: its options and, on GoTrue, the `challenge_id` the verify call
/// names (Identity Toolkit's finalize calls name none: the challenge is read from the client data).
public struct PasskeyCeremony<Options: Hashable & Sendable>: Hashable, Sendable {
    /// GoTrue's `challenge_id`; `nil` on Firebase.
    public var challengeID: String?
    /// The options for the authenticator.
    public var options: Options

    /// Creates a ceremony.
    /// - Parameters:
    ///   - challengeID: The backend's challenge ID, if it has one.
    ///   - options: The options.
    public init(challengeID: String?, options: Options) {
        self.challengeID = challengeID
        self.options = options
    }
}
