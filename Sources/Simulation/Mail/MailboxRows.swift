/// The mailbox's rows: the messages sent to each address, oldest first.
package protocol MailboxRows: AnyObject {
    /// Keeps a message, dropping the recipient's oldest beyond `limit`.
    /// - Parameters:
    ///   - message: The message.
    ///   - recipient: The address, lowercased.
    ///   - limit: How many messages the recipient keeps.
    func deliver(_ message: MailMessage, to recipient: String, keepingAtMost limit: Int)
    /// The messages sent to an address, oldest first.
    /// - Parameter recipient: The address, lowercased.
    func messages(for recipient: String) -> [MailMessage]
    /// One page of messages, newest first (by `sentAt`, then recipient, then delivery order).
    /// - Parameters:
    ///   - recipient: Only the messages to this address (lowercased); `nil` for all.
    ///   - offset: How many of the newest to skip.
    ///   - limit: How many at most.
    /// - Returns: How many messages there are, and the page, each with its address.
    func page(recipient: String?, offset: Int, limit: Int) -> (total: Int, messages: [(recipient: String, message: MailMessage)])
    /// Forgets every message (`login reset`).
    func deleteAll()
}
