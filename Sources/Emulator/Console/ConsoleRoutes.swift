import AuthData

/// The emulator's console under `/console`: server-rendered pages of the users of both services,
/// one user, and the mailbox, and the actions on them, each a form post carrying the console's
/// token. Every request first passes the ``ConsoleGate``; everything it shows or does goes
/// through a ``ConsoleDataSource``.
///
/// ```swift
/// let console = ConsoleRoutes(source: SimulatedServicesConsoleSource(services: services, serviceRoleKey: key),
///                             gate: ConsoleGate(access: .loopbackOnly, serviceRoleKey: key, formToken: token), log: RequestLog())
/// let response = await console.handle(request, path: ["mail"])
/// ```
struct ConsoleRoutes: Sendable {
    /// What the console reads and acts on.
    let source: any ConsoleDataSource
    /// Who may open it, and the forms' token.
    let gate: ConsoleGate
    /// The emulator's recent requests.
    let log: RequestLog

    /// The console's routes.
    static let table = RouteTable<ConsoleRoutes>(
        prefix: "/console",
        [
            (
                "GET", "/",
                "the console: the users of both services, newest first, searched by email or id (`q`), a page at a time (`page`) (HTML)",
                { await $0.users($1.request) }
            ),
            (
                "GET", "/users/{service}/{user_id}",
                "a user (`supabase` or `firebase:<project>`): identities, metadata, sessions, Apple authorizations, `validSince` (HTML)",
                { await $0.user($1) }
            ),
            (
                "POST", "/users",
                "create a user with a confirmed email (a form with the console's token, `service`, `email` and an optional `password`)",
                { await $0.create($1.request) }
            ),
            (
                "POST", "/users/{service}/{user_id}/{action}",
                "act on a user (a form with the console's token): `delete`, `ban`, `unban`, `end-sessions`, `expire-sessions`, `recover`, "
                    + "`revoke-apple` "
                        + """
                        (`client_id`), `metadata` (`user_metadata`, `app_metadata` or `custom_claims`, each a JSON object replacing the\
                         whole)
                        """,
                { await $0.act($1) }
            ),
            (
                "GET", "/mail", "the mailbox: every message with its code, newest first, in all or to one address (`to`) (HTML)",
                { await $0.mail($1.request) }
            ),
            (
                "POST", "/reset",
                "forget every user, session, code and message; keys are kept (a form with the console's token and `confirm=yes`)",
                { await $0.reset($1.request) }
            ),
            (
                "GET", "/link-result",
                "where the mailbox's links land: what the link did (Supabase: from the fragment; Firebase: the sign-in code) (HTML)",
                { _, call in
                    ConsoleLayout.page(
                        title: "Link result", section: .mail, body: ConsoleLinkResultPage.content(query: call.request.query),
                        pageScript: ConsoleLinkResultPage.script)
                }
            ),
            (
                "GET", "/log", "the emulator's recent requests, newest first: method, path without the query, status, time (HTML)",
                { routes, _ in
                    ConsoleLayout.page(
                        title: "Requests", section: .log, body: ConsoleLogPage.content(routes.log.recent), livePage: "/console/log")
                }
            ),
            (
                "GET", "/live", "the digest of what a console page (`page`) shows now, which its live refresh polls (text)",
                { await $0.live($1.request) }
            ),
        ])

    /// Answers a request under `/console`.
    /// - Parameters:
    ///   - request: The request.
    ///   - path: Its path's segments after `console`.
    /// - Returns: The page, a redirect after an action, or a refusal.
    func handle(_ request: EmulatorRequest, path: ArraySlice<String>) async -> EmulatorResponse {
        if let refusal = gate.refusal(for: request) { return refusal }
        let refusal = { (status: Int) -> EmulatorResponse in
            status == 405
                ? ConsoleLayout.message(
                    status: 405, title: "Method not allowed", text: "\(request.method) is not served at \(request.path).")
                : ConsoleLayout.message(status: 404, title: "Not found", text: "The console has no page at \(request.path).")
        }
        return (try? await Self.table.respond(self, to: request, path: path, refusal: refusal)) ?? refusal(404)
    }

    // MARK: - Pages

    private func users(_ request: EmulatorRequest) async -> EmulatorResponse {
        let search = (request.query["q"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let page = await source.users(matching: search.lowercased(), page: ConsolePageRequest(query: request.query))
        return ConsoleLayout.page(
            title: "Users", section: .users,
            body: ConsoleUsersPage.content(
                page, search: search, done: request.query["done"], token: gate.formToken, services: source.serviceChoices),
            livePage: Self.target(of: request))
    }

    private func user(_ call: RouteCall) async -> EmulatorResponse {
        guard let key = ConsoleUserKey(segment: call[parameter: "service"], id: call[parameter: "user_id"]),
            let user = await source.user(key)
        else {
            return ConsoleLayout.message(status: 404, title: "No such user", text: "There is no such user (any more).")
        }
        return ConsoleLayout.page(
            title: user.summary.email ?? user.summary.key.id, section: .users,
            body: ConsoleUserPage.content(
                user, done: call.request.query["done"], token: gate.formToken), livePage: Self.target(of: call.request))
    }

    private func mail(_ request: EmulatorRequest) async -> EmulatorResponse {
        let recipient = request.query["to"].map { $0.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() }.flatMap {
            $0.isEmpty ? nil : $0
        }
        let page = await source.mail(to: recipient, page: ConsolePageRequest(query: request.query))
        return ConsoleLayout.page(
            title: recipient.map { "Mail to \($0)" } ?? "Mailbox", section: .mail,
            body: ConsoleMailPage.content(page, recipient: recipient, host: request.headers["host"]),
            livePage: Self.target(of: request))
    }

    /// The digest of what a console page shows now: `X-Console-Digest` of the page, answered
    /// for its path and query (`/console/live?page=/console/mail?to=…`).
    private func live(_ request: EmulatorRequest) async -> EmulatorResponse {
        var page = EmulatorRequest(method: "GET", target: request.query["page"] ?? "", headers: request.headers)
        page.clientAddress = request.clientAddress
        let segments = page.segments
        guard segments.first == "console", segments.dropFirst().first != "live" else {
            return EmulatorResponse(
                status: 400, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array("page must be a console page".utf8))
        }
        let answer = await handle(page, path: segments.dropFirst())
        return EmulatorResponse(
            status: answer.status, headers: [("Content-Type", "text/plain; charset=utf-8"), ("Cache-Control", "no-store")],
            body: Array((answer.header("X-Console-Digest") ?? "").utf8))
    }

    // MARK: - Actions

    private func act(_ call: RouteCall) async -> EmulatorResponse {
        guard let form = gate.form(of: call.request) else { return Self.tokenRefusal }
        guard let key = ConsoleUserKey(segment: call[parameter: "service"], id: call[parameter: "user_id"]),
            let action = ConsoleAction(name: call[parameter: "action"], form: form)
        else {
            return ConsoleLayout.message(status: 404, title: "No such action", text: "The console cannot do that.")
        }
        do {
            try await source.perform(action, on: key)
        } catch {
            switch error {
            case .userNotFound: return ConsoleLayout.message(status: 404, title: "No such user", text: "There is no such user (any more).")
            case .refused(let reason): return ConsoleLayout.message(status: 409, title: "Not done", text: reason)
            }
        }
        return ConsoleLayout.seeOther(action == .delete ? "/console?done=delete" : key.path + "?done=" + action.name)
    }

    private func create(_ request: EmulatorRequest) async -> EmulatorResponse {
        guard let form = gate.form(of: request) else { return Self.tokenRefusal }
        let email = (form["email"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        // The password comes only in the form's body, as typed: never in a URL, a page or the log.
        let password = form["password"].flatMap { $0.isEmpty ? nil : $0 }
        guard let service = form["service"].flatMap({ ConsoleUserKey(segment: $0, id: "-")?.service }),
            !email.isEmpty, email.utf8.count <= 320, (password?.utf8.count ?? 0) <= Self.maximumPasswordBytes
        else {
            return ConsoleLayout.message(
                status: 400, title: "Not created",
                text: "Choose a service and type an email (at most 320 bytes) and, if you like, a password (at most 1024 bytes).")
        }
        do {
            let key = try await source.createUser(in: service, email: email, password: password)
            return ConsoleLayout.seeOther(key.path + (password == nil ? "?done=create" : "?done=create-password"))
        } catch {
            switch error {
            case .userNotFound: return ConsoleLayout.message(status: 404, title: "Not created", text: "That service is not served here.")
            case .refused(let reason): return ConsoleLayout.message(status: 409, title: "Not created", text: reason)
            }
        }
    }

    private func reset(_ request: EmulatorRequest) async -> EmulatorResponse {
        guard let form = gate.form(of: request) else { return Self.tokenRefusal }
        guard form["confirm"] == "yes" else {
            return ConsoleLayout.message(status: 400, title: "Not reset", text: "Tick the box that says what a reset forgets, then reset.")
        }
        await source.reset()
        return ConsoleLayout.seeOther("/console?done=reset")
    }

    /// The longest password the create form takes (GoTrue keeps 72 bytes of one; Firebase more).
    private static let maximumPasswordBytes = 1024

    private static let tokenRefusal = ConsoleLayout.message(
        status: 403, title: "The form's token is missing or wrong",
        text: "Console actions are posted from the console's own pages, with a token a page of another site cannot know. "
            + "Reload the console (the token changes when login serve restarts) and try again.")

    /// A request's path and query, for the page to poll its own digest with.
    private static func target(of request: EmulatorRequest) -> String {
        ConsoleFormat.link(request.path, request.query.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }
}
