import Foundation

/// The emulator console's view of the mailbox: every message, newest first, a page at a time.
extension SimulatedMailbox {
    /// One page of messages, newest first.
    /// - Parameters:
    ///   - recipient: Only the messages to this address; `nil` for all.
    ///   - offset: How many of the newest to skip.
    ///   - limit: How many to return at most.
    /// - Returns: How many messages there are (to the address, or in all), and the page, each
    ///   with its address.
    package func page(to recipient: String?, offset: Int, limit: Int) -> (total: Int, messages: [(recipient: String, message: MailMessage)]) {
        var keys: [(sentAt: Date, recipient: String, index: Int)] = []
        let lists = recipient.map { [$0.lowercased(): messages[$0.lowercased()] ?? []] } ?? messages
        for (address, list) in lists {
            for (index, message) in list.enumerated() { keys.append((message.sentAt, address, index)) }
        }
        keys.sort { ($0.sentAt, $0.recipient, $0.index) > ($1.sentAt, $1.recipient, $1.index) }
        let page = keys.dropFirst(max(offset, 0)).prefix(max(limit, 0)).compactMap { key in
            messages[key.recipient].map { (key.recipient, $0[key.index]) }
        }
        return (keys.count, page)
    }
}
