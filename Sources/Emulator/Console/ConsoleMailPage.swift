/// The console's mailbox: every message the services sent, with its code, newest first, in all
/// or to one address (what Supabase's local mail catcher shows).
enum ConsoleMailPage {
    /// The page's content.
    /// - Parameters:
    ///   - page: The messages of this page.
    ///   - recipient: The address shown, or `nil` for all mail.
    ///   - host: The `Host` the console was opened with, which the links are made to use.
    /// - Returns: The content.
    static func content(_ page: ConsolePage<ConsoleMailMessage>, recipient: String?, host: String?) -> HTML {
        let list: HTML
        if page.total == 0 {
            list =
                recipient == nil
                ? "<p>No mail yet. A one-time code or an email sign-in link sent by a service shows up here.</p>"
                : "<p>No mail to \(recipient ?? "").</p>"
        } else {
            list = """
                \(ConsoleFormat.pager(page, path: "/console/mail", query: [("to", recipient ?? "")], nouns: ("message", "messages")))
                \(ConsoleFormat.table(
                    id: "mail-caption", caption: recipient.map { "Messages to \($0), newest first (times in UTC)" }
                        ?? "Every message, newest first (times in UTC)",
                    headers: ["Sent", "To", "From", "Kind", "Code", "Link"], rows: page.rows.map { row($0, host: host) }))
                """
        }
        let all: HTML = recipient == nil ? "" : "<a href=\"/console/mail\">All mail</a>"
        return """
            <h1>\(recipient.map { "Mail to \($0)" } ?? "Mailbox")</h1>
            <form class="search" method="get" action="/console/mail" role="search">
            <label for="to">Show the mail to one address<input id="to" name="to" type="search" value="\(recipient ?? "")"\
             autocomplete="off" spellcheck="false"></label>
            <button class="primary" type="submit">Show</button>\(all)
            </form>
            \(list)
            """
    }

    private static func row(_ message: ConsoleMailMessage, host: String?) -> HTML {
        let to = ConsoleFormat.link("/console/mail", [("to", message.recipient)])
        return """
            <tr><td>\(ConsoleFormat.time(message.sentAt))</td><th scope="row"><a href="\(to)">\(message.recipient)</a></th>\
            <td>\(message.sender)</td><td>\(message.kind)</td><td><code class="code">\(message.code)</code></td>\
            <td>\(link(message.link, to: message.recipient, host: host))</td></tr>

            """
    }

    /// The message's link: a link only when it is an http(s) URL (never `javascript:` or the like).
    private static func link(_ url: String?, to recipient: String, host: String?) -> HTML {
        guard let url else { return "—" }
        let lowered = url.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else { return "<span class=\"mono\">\(url)</span>" }
        let href = ConsoleLinkResultPage.openable(url, host: host)
        return "<a href=\"\(href)\" aria-label=\"Open the link mailed to \(recipient)\">Open the link</a>"
    }
}
