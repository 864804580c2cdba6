import Foundation

/// A passkey registered on the user's account, as the backend lists it (GoTrue `GET /passkeys`).
public struct Passkey: Hashable, Sendable, Codable {
    /// The backend's ID for the passkey (GoTrue's row id; Firebase's credential ID).
    public var id: String
    /// The name the user sees.
    public var friendlyName: String
    /// When it was registered, when the backend says.
    public var createdAt: Date?

    /// Creates a passkey record.
    /// - Parameters:
    ///   - id: The backend's ID.
    ///   - friendlyName: The name.
    ///   - createdAt: When it was registered.
    public init(id: String, friendlyName: String, createdAt: Date?) {
        self.id = id
        self.friendlyName = friendlyName
        self.createdAt = createdAt
    }
}
