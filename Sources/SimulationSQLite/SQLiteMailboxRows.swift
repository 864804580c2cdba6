import AuthSimulation
import GRDB

/// The mailbox: `mail`, one row per message.
final class SQLiteMailboxRows: MailboxRows {
    let step: SQLiteStep

    init(step: SQLiteStep) { self.step = step }

    func deliver(_ message: MailMessage, to recipient: String, keepingAtMost limit: Int) {
        step.execute(
            "INSERT INTO mail (recipient, sender, kind, code, link, sent_at) VALUES (?, ?, ?, ?, ?, ?)",
            [recipient, message.sender, message.kind, message.code, message.link, Column.text(message.sentAt)])
        guard limit < Int(Int32.max) else { return }
        step.execute(
            """
            DELETE FROM mail WHERE recipient = ? AND id NOT IN (SELECT id FROM mail WHERE recipient = ? ORDER BY id DESC LIMIT ?)
            """, [recipient, recipient, limit])
    }

    func deleteAll() { step.execute("DELETE FROM mail", []) }

    func page(recipient: String?, offset: Int, limit: Int) -> (total: Int, messages: [(recipient: String, message: MailMessage)]) {
        let filter = recipient == nil ? "" : "WHERE recipient = ?1"
        let total = step.integer("SELECT count(*) FROM mail " + filter, recipient.map { [$0] } ?? []) ?? 0
        let rows = step.rows(
            """
            SELECT recipient, code, link, kind, sender, sent_at FROM mail \(filter) ORDER BY sent_at DESC, recipient DESC, id DESC\
             LIMIT ?2 OFFSET ?3
            """, [recipient ?? "", max(limit, 0), max(offset, 0)])
        return (
            Int(total),
            rows.map { row in
                (
                    row[0],
                    MailMessage(
                        code: row[1], link: row[2], kind: row[3], sender: row[4], sentAt: step.date(row[5] as String, "mail.sent_at"))
                )
            }
        )
    }

    func messages(for recipient: String) -> [MailMessage] {
        step.rows("SELECT code, link, kind, sender, sent_at FROM mail WHERE recipient = ? ORDER BY id", [recipient]).map { row in
            MailMessage(code: row[0], link: row[1], kind: row[2], sender: row[3], sentAt: step.date(row[4] as String, "mail.sent_at"))
        }
    }
}
