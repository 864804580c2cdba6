import Foundation

/// The mailbox in memory: messages per recipient, oldest first.
final class InMemoryMailboxRows: MailboxRows {
    private var messages: [String: [MailMessage]] = [:]

    func deliver(_ message: MailMessage, to recipient: String, keepingAtMost limit: Int) {
        var list = messages[recipient, default: []]
        list.append(message)
        if list.count > limit { list.removeFirst(list.count - limit) }
        messages[recipient] = list
    }

    func messages(for recipient: String) -> [MailMessage] { messages[recipient] ?? [] }
    func deleteAll() { messages = [:] }

    func page(recipient: String?, offset: Int, limit: Int) -> (total: Int, messages: [(recipient: String, message: MailMessage)]) {
        var keys: [(sentAt: Date, recipient: String, index: Int)] = []
        let lists = recipient.map { [$0: messages[$0] ?? []] } ?? messages
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
