/// The console's front page: every user of both services in one table, newest first, searched by
/// email or id, a page at a time; and the reset.
enum ConsoleUsersPage {
    /// The page's content.
    /// - Parameters:
    ///   - page: The users of this page.
    ///   - search: The search, as typed.
    ///   - done: What an action just did (`done` of the redirect), if anything.
    ///   - token: The console's form token.
    ///   - services: The services a user can be created in.
    /// - Returns: The content.
    static func content(
        _ page: ConsolePage<ConsoleUserSummary>, search: String, done: String?, token: String,
        services: [ConsoleUserKey.Service]
    ) -> HTML {
        let query = [("q", search)]
        let list: HTML
        if page.total == 0 {
            list =
                search.isEmpty
                ? "<p>No users yet. Sign in through the services (an app, <code>login</code>, or the REST routes) and they appear here.</p>"
                : "<p>No user's email or id contains “\(search)”.</p>"
        } else {
            list = """
                \(ConsoleFormat.pager(page, path: "/console", query: query, nouns: ("user", "users")))
                \(ConsoleFormat.table(
                    id: "users-caption", caption: search.isEmpty ? "Users of both services, newest first (times in UTC)"
                        : "Users matching “\(search)”, newest first (times in UTC)",
                    headers: ["Service", "ID", "Email", "Confirmed", "Name", "Providers", "Anonymous", "Banned", "Created", "Last sign-in"],
                    rows: page.rows.map(row)))
                """
        }
        let showAll: HTML = search.isEmpty ? "" : "<a href=\"/console\">Show all users</a>"
        return """
            <h1>Users</h1>
            \(ConsoleFormat.flash(done))
            <form class="search" method="get" action="/console" role="search">
            <label for="q">Search by email or id<input id="q" name="q" type="search" value="\(search)" autocomplete="off"\
             spellcheck="false"></label>
            <button class="primary" type="submit">Search</button>\(showAll)
            </form>
            \(list)
            \(createForm(token: token, services: services))
            <h2 id="reset">Reset</h2>
            <form method="post" action="/console/reset" aria-labelledby="reset">
            \(ConsoleFormat.tokenField(token))
            <label class="confirm"><input type="checkbox" name="confirm" value="yes" required> \
            Forget every user, session, code and message of both services, and whom the simulated Apple and Google remember (the keys\
             stay)</label>
            <div><button class="danger" type="submit">Reset everything</button></div>
            </form>
            """
    }

    private static func createForm(token: String, services: [ConsoleUserKey.Service]) -> HTML {
        let options = services.map { service -> HTML in
            let key = ConsoleUserKey(service: service, id: "-")
            let label: HTML = key.project.map { "\(key.serviceName) (\($0))" } ?? "\(key.serviceName)"
            return "<option value=\"\(key.segment)\">\(label)</option>"
        }
        return """
            <h2 id="create">Create a user</h2>
            <form class="create-user" method="post" action="/console/users" aria-labelledby="create">
            \(ConsoleFormat.tokenField(token))
            <label for="create-service">Service<select id="create-service" name="service">\(options)</select></label>
            <label for="create-email">Email<input id="create-email" name="email" type="email" required maxlength="320" \
            autocomplete="off"></label>
            <label for="create-password">Password (optional)<input id="create-password" name="password" type="password" \
            maxlength="1024" autocomplete="new-password"></label>
            <div><button class="primary" type="submit">Create user</button></div>
            <p class="note">The user gets a confirmed email and the password, if one is typed (sent in the form's body, never in a URL): \
            without one they sign in with an emailed code. Either way they can link Apple or Google.</p>
            </form>
            """
    }

    private static func row(_ user: ConsoleUserSummary) -> HTML {
        let service: HTML =
            user.key.project.map { "\(user.key.serviceName) <span class=\"note\">(\($0))</span>" } ?? "\(user.key.serviceName)"
        return """
            <tr><td>\(service)</td><th scope="row"><a class="mono id" href="\(user.key.path)"\
             title="\(user.key.id)">\(user.key.id)</a></th>\
            <td>\(user.email ?? "—")</td><td>\(user.email == nil ? "—" : ConsoleFormat.yesNo(user.isConfirmed))</td><td>\
            \(user.name ?? "—")</td><td>\(user.providers.isEmpty ? "—" : user.providers.joined(separator: ", "))</td>\
            <td>\(ConsoleFormat.yesNo(user.isAnonymous))</td><td>\(ConsoleFormat.yesNo(user.isBanned))</td>\
            <td>\(ConsoleFormat.time(user.createdAt))</td><td>\(ConsoleFormat.time(user.lastSignInAt, placeholder: "never"))</td></tr>

            """
    }
}
