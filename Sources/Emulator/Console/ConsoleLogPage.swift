import Foundation

/// The console's log of recent requests (`/console/log`): what apps and clients sent the
/// emulator, newest first, without queries, headers or bodies (where keys and codes travel).
enum ConsoleLogPage {
    /// The page's content.
    /// - Parameter entries: The requests, newest first.
    /// - Returns: The content.
    static func content(_ entries: [RequestLog.Entry]) -> HTML {
        let list: HTML
        if entries.isEmpty {
            list = """
                <p>No requests yet. Sign in through the services (an app, <code>login</code>, or the REST routes) \
                and they appear here.</p>
                """
        } else {
            let rows = entries.map { entry -> HTML in
                let status: HTML = entry.status >= 400 ? "<span class=\"error\">\(entry.status)</span>" : "\(entry.status)"
                return """
                    <tr><td>\(ConsoleFormat.time(entry.at))</td><td>\(entry.method)</td><th scope="row" class="mono">\(entry.path)</th>\
                    <td>\(status)</td><td>\(String(format: "%.1f", entry.milliseconds))</td></tr>

                    """
            }
            list = ConsoleFormat.table(
                id: "log-caption", caption: "The last \(entries.count) requests, newest first (times in UTC)",
                headers: ["Time", "Method", "Path", "Status", "ms"], rows: rows)
        }
        return """
            <h1>Requests</h1>
            <p class="note">The services' requests, newest first (the last 200; the console's own are left out). Paths only: queries, \
            headers and bodies, where keys, codes and tokens travel, are not kept.</p>
            \(list)
            """
    }
}
