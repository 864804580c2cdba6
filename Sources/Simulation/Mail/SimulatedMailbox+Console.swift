import Foundation

/// The emulator console's view of the mailbox: every message, newest first, a page at a time.
extension SimulatedMailbox {
    /// One page of messages, newest first.
    /// - Parameters:
    ///   - recipient: Only the messages to this address; `nil` for all.
    ///   - offset: How many of the newest to skip.
    ///   - limit: How many to return at most.
    /// - Returns: How many messages there are (to the address, or in all), and the page, each
    ///   with its address (nothing when the storage cannot be read).
    package func page(to recipient: String?, offset: Int, limit: Int) async -> (
        total: Int, messages: [(recipient: String, message: MailMessage)]
    ) {
        (try? storage.fetch { (rows: any SimulationRows) in
            rows.mailbox.page(recipient: recipient?.lowercased(), offset: offset, limit: limit)
        }) ?? (0, [])
    }
}
