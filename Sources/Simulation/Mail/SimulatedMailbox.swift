import Foundation

/// A message a simulated service "sent" by email.
public struct MailMessage: Codable, Sendable, Hashable {
    /// The code to type (a Supabase OTP, or a Firebase email-link `oobCode`).
    public var code: String
    /// The link in the message, when the service sends one.
    public var link: String?
    /// `magiclink`, `confirmation` or `EMAIL_SIGNIN`.
    public var kind: String
    /// The service that sent it (`supabase`, `firebase`).
    public var sender: String
    /// When it was sent.
    public var sentAt: Date

    /// Creates a message.
    /// - Parameters:
    ///   - code: The code to type.
    ///   - link: The link in the message.
    ///   - kind: `magiclink`, `confirmation`, `reauthentication` or `EMAIL_SIGNIN`.
    ///   - sender: `supabase` or `firebase`.
    ///   - sentAt: When it was sent.
    public init(
        code: String, link: String? = nil, kind: String, sender: String, sentAt: Date
    ) {
        self.code = code
        self.link = link
        self.kind = kind
        self.sender = sender
        self.sentAt = sentAt
    }
}

/// Where the simulated services deliver email, as Supabase's local mail catcher does for its
/// stack: messages per recipient, newest last, kept in the services' storage.
public final class SimulatedMailbox: Sendable {
    let storage: any SimulationStorage
    /// How many messages are kept per address.
    package let limitPerRecipient: Int

    /// Creates a mailbox of its own, in memory.
    /// - Parameter limitPerRecipient: How many messages are kept per address.
    public convenience init(limitPerRecipient: Int = 50) {
        self.init(storage: InMemorySimulationStorage(), limitPerRecipient: limitPerRecipient)
    }

    /// Creates a mailbox over the services' storage.
    /// - Parameters:
    ///   - storage: Where messages are kept.
    ///   - limitPerRecipient: How many messages are kept per address.
    package init(storage: any SimulationStorage, limitPerRecipient: Int = 50) {
        self.storage = storage
        self.limitPerRecipient = limitPerRecipient
    }

    /// Delivers a message.
    /// - Parameters:
    ///   - message: The message.
    ///   - recipient: The address.
    public func deliver(_ message: MailMessage, to recipient: String) async {
        _ = try? storage.update { (rows: any SimulationRows) in deliver(message, to: recipient, in: rows) }
    }

    /// Delivers a message in a storage step that is under way (the step that made the code).
    /// - Parameters:
    ///   - message: The message.
    ///   - recipient: The address.
    ///   - rows: The step's rows.
    package func deliver(_ message: MailMessage, to recipient: String, in rows: any SimulationRows) {
        rows.mailbox.deliver(message, to: recipient.lowercased(), keepingAtMost: limitPerRecipient)
    }

    /// The messages sent to an address, newest last (none when the storage cannot be read).
    /// - Parameter recipient: The address.
    /// - Returns: The messages.
    public func messages(for recipient: String) async -> [MailMessage] {
        (try? storage.fetch { (rows: any SimulationRows) in rows.mailbox.messages(for: recipient.lowercased()) }) ?? []
    }

    /// The newest message sent to an address.
    /// - Parameter recipient: The address.
    /// - Returns: The message, or `nil`.
    public func latest(for recipient: String) async -> MailMessage? { await messages(for: recipient).last }
}
