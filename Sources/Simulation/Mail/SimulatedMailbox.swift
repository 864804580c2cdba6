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
}

/// Where the simulated services deliver email, as Supabase's local mail catcher does for its
/// stack: messages per recipient, newest last.
public actor SimulatedMailbox {
    var messages: [String: [MailMessage]]
    private let limitPerRecipient: Int

    /// Creates a mailbox.
    /// - Parameter limitPerRecipient: How many messages are kept per address.
    public init(limitPerRecipient: Int = 50) {
        self.messages = [:]
        self.limitPerRecipient = limitPerRecipient
    }

    package init(messages: [String: [MailMessage]], limitPerRecipient: Int = 50) {
        self.messages = messages
        self.limitPerRecipient = limitPerRecipient
    }

    /// Delivers a message.
    /// - Parameters:
    ///   - message: The message.
    ///   - recipient: The address.
    public func deliver(_ message: MailMessage, to recipient: String) {
        var list = messages[recipient.lowercased(), default: []]
        list.append(message)
        if list.count > limitPerRecipient { list.removeFirst(list.count - limitPerRecipient) }
        messages[recipient.lowercased()] = list
    }

    /// The messages sent to an address, newest last.
    /// - Parameter recipient: The address.
    /// - Returns: The messages.
    public func messages(for recipient: String) -> [MailMessage] {
        messages[recipient.lowercased()] ?? []
    }

    /// The newest message sent to an address.
    /// - Parameter recipient: The address.
    /// - Returns: The message, or `nil`.
    public func latest(for recipient: String) -> MailMessage? { messages(for: recipient).last }

    package var snapshot: [String: [MailMessage]] { messages }

    /// Forgets every message (`login reset`).
    package func removeAll() { messages = [:] }
}
