/// The console's page of one user: who they are, what can be done to them, their identities,
/// metadata, sessions, second factors, passkeys, and the apps their Apple ID authorized.
enum ConsoleUserPage {
    /// The page's content.
    /// - Parameters:
    ///   - user: The user.
    ///   - done: What an action just did (`done` of the redirect), if anything.
    ///   - token: The console's form token.
    /// - Returns: The content.
    static func content(_ user: ConsoleUserDetail, done: String?, token: String) -> HTML {
        let summary = user.summary
        let heading = summary.email ?? summary.name ?? (summary.isAnonymous ? "Anonymous user" : summary.key.id)
        return """
            <p><a href="/console">← All users</a></p>
            <h1>\(heading)</h1>
            \(ConsoleFormat.flash(done))
            \(facts(user))
            <h2 id="actions">Actions</h2>
            \(actions(user, token: token))
            <h2 id="identities">Identities</h2>
            \(identities(user))
            <h2 id="metadata">Metadata</h2>
            \(metadata(user))
            \(metadataForm(user, token: token))
            <h2 id="sessions">Sessions</h2>
            \(sessions(user))
            \(ConsoleFactorList.section(user))
            \(ConsolePasskeyList.section(user, token: token))
            <h2 id="apple">Apps using Apple ID</h2>
            \(apple(user, token: token))
            """
    }

    private static func facts(_ user: ConsoleUserDetail) -> HTML {
        let summary = user.summary
        let service: HTML =
            summary.key.project.map { "\(summary.key.serviceName), project <span class=\"mono\">\($0)</span>" }
            ?? "\(summary.key.serviceName)"
        let email: HTML = summary.email.map { "\($0) (\(user.emailVerified ? "verified" : "not verified"))" } ?? "—"
        let banned: HTML =
            !summary.isBanned ? "no" : user.bannedUntil.map { "yes, until \(ConsoleFormat.time($0)) UTC" } ?? "yes (disabled)"
        let lastSignIn: HTML = summary.lastSignInAt.map { "\(ConsoleFormat.time($0)) UTC" } ?? "never"
        let validSince: HTML =
            user.validSince.map {
                "<dt>validSince</dt><dd>\(ConsoleFormat.time($0)) UTC <span class=\"note\">(tokens issued before are refused)</span></dd>"
            } ?? ""
        return """
            <dl class="facts">
            <dt>Service</dt><dd>\(service)</dd>
            <dt>ID</dt><dd class="mono">\(summary.key.id)</dd>
            <dt>Email</dt><dd>\(email)</dd>
            <dt>Name</dt><dd>\(summary.name ?? "—")</dd>
            <dt>Providers</dt><dd>\(summary.providers.isEmpty ? "—" : summary.providers.joined(separator: ", "))</dd>
            <dt>Anonymous</dt><dd>\(ConsoleFormat.yesNo(summary.isAnonymous))</dd>
            <dt>Banned</dt><dd>\(banned)</dd>
            <dt>Created</dt><dd>\(ConsoleFormat.time(summary.createdAt)) UTC</dd>
            <dt>Last sign-in</dt><dd>\(lastSignIn)</dd>
            \(validSince)</dl>
            """
    }

    private static func actions(_ user: ConsoleUserDetail, token: String) -> HTML {
        let path = user.summary.key.path
        let wording = ConsoleServiceWording(user.summary.key.service)
        func item(_ action: ConsoleAction, _ label: String, _ note: String, danger: Bool = false) -> HTML {
            """
            <li>\(ConsoleFormat.postButton(label, action: path + "/" + action.name, token: token, danger: danger))<span\
             class=\"note\">\(note)</span></li>
            """
        }
        let ban =
            user.summary.isBanned
            ? item(.unban, "Unban", wording.unban)
            : item(.ban, "Ban", wording.ban)
        let recover = user.summary.email == nil ? "" : item(.sendRecovery, "Send recovery mail", wording.sendRecovery)
        return """
            <ul class="actions-list">
            \(ban)
            \(recover)
            \(item(.endSessions, "End all sessions", wording.endSessions))
            \(item(.expireSessions, "Expire sessions now", wording.expireSessions))
            \(item(.delete, "Delete user", "Deletes the user, their identities and sessions.", danger: true))
            </ul>
            """
    }

    private static func identities(_ user: ConsoleUserDetail) -> HTML {
        guard !user.identities.isEmpty else {
            return "<p>None: \(user.summary.isAnonymous ? "an anonymous user" : "no provider is linked").</p>"
        }
        let dated = ConsoleServiceWording(user.summary.key.service).datesIdentities
        let rows = user.identities.map { identity -> HTML in
            let dates: HTML =
                dated
                ? """
                <td>\(ConsoleFormat.time(identity.createdAt))</td><td>\
                \(ConsoleFormat.time(identity.lastSignInAt, placeholder: "never"))</td>
                """
                : ""
            return
                """
                <tr><th scope=\"row\">\(identity.provider)</th><td class=\"mono\">\(identity.subject)</td><td>\(identity.email ?? "—")<\
                /td>\(dates)</tr>\n
                """
        }
        return ConsoleFormat.table(
            id: "identities-caption", caption: "Linked identities (times in UTC)",
            headers: ["Provider", "Subject", "Email"] + (dated ? ["Linked", "Last sign-in"] : []), rows: rows)
    }

    private static func metadata(_ user: ConsoleUserDetail) -> HTML {
        guard !user.fields.isEmpty else { return "<p>None.</p>" }
        let entries = user.fields.map { field -> HTML in "<dt>\(field.name)</dt><dd><pre>\(field.value)</pre></dd>\n" }
        return "<dl class=\"facts\">\n\(entries)</dl>"
    }

    /// The metadata as JSON in text areas, each replacing the whole when saved: Supabase's
    /// `user_metadata` and `app_metadata`, Firebase's custom claims.
    private static func metadataForm(_ user: ConsoleUserDetail, token: String) -> HTML {
        let wording = ConsoleServiceWording(user.summary.key.service)
        let fields = wording.metadataFields
        let areas = fields.map { field -> HTML in
            let value = user.fields.first { $0.name == field.shown }?.value ?? "{}"
            return """
                <label for="edit-\(field.name)">\(field.name)<textarea id="edit-\(field.name)" name="\(field.name)" rows="8" \
                spellcheck="false">\(value)</textarea></label>

                """
        }
        let note: HTML = "\(wording.metadataNote)"
        return """
            <form class="metadata" method="post" action="\(user.summary.key.path)/metadata" aria-label="Edit metadata">
            \(ConsoleFormat.tokenField(token))
            \(areas)<div><button class="primary" type="submit">Save metadata</button></div>
            <p class="note">\(note) New tokens carry it after a refresh or a new sign-in.</p>
            </form>
            """
    }

    private static func sessions(_ user: ConsoleUserDetail) -> HTML {
        guard !user.sessions.isEmpty else { return "<p>None: the user is signed in nowhere.</p>" }
        let rows = user.sessions.enumerated().map { index, session -> HTML in
            let expiry: HTML =
                session.expiresAt.map { "\(ConsoleFormat.time($0))\(session.isExpired ? " (expired)" : "")" } ?? "none (until sign-out)"
            return """
                <tr><th scope="row" class="mono">\(session.id ?? "refresh token \(index + 1)")</th><td>\(session.method)</td>\
                <td>\(ConsoleFormat.time(session.createdAt))</td><td>\
                \(ConsoleFormat.time(session.lastRefreshedAt, placeholder: "never"))</td><td>\(expiry)</td></tr>

                """
        }
        return ConsoleFormat.table(
            id: "sessions-caption", caption: "Sessions, oldest first (times in UTC)",
            headers: ["Session", "Signed in with", "Created", "Last refreshed", "Expires"], rows: rows)
    }

    private static func apple(_ user: ConsoleUserDetail, token: String) -> HTML {
        guard !user.appleAuthorizations.isEmpty else {
            return "<p>None: the user has no Apple identity, or its Apple ID authorized no app.</p>"
        }
        let rows = user.appleAuthorizations.map { authorization -> HTML in
            let app: HTML =
                authorization.isThisApp
                ? "\(authorization.clientID) <span class=\"note\">(served here)</span>" : "\(authorization.clientID)"
            let email: HTML = "\(authorization.sharedEmail)\(authorization.isPrivateEmail ? " (Hide My Email)" : "")"
            let status: HTML
            if let revoked = authorization.revokedAt {
                status = "<td>revoked \(ConsoleFormat.time(revoked))</td><td>—</td>"
            } else {
                let button = ConsoleFormat.postButton(
                    "Revoke", action: user.summary.key.path + "/" + ConsoleAction.revokeAppleAuthorization(clientID: "").name, token: token,
                    fields: [("client_id", authorization.clientID)], name: "Revoke \(authorization.clientID)'s authorization")
                status = "<td>active</td><td>\(button)</td>"
            }
            return """
                <tr><th scope="row">\(app)</th><td class="mono">\(authorization.subject)</td><td>\(email)</td>\
                <td>\(ConsoleFormat.time(authorization.authorizedAt))</td>\(status)</tr>

                """
        }
        return """
            <p class="note">What Settings › Apple ID › Sign in with Apple shows. Revoking is what the person does there: \
            the next Apple sign-in to that app shows the first-time sheet (name and email) again.</p>
            \(ConsoleFormat.table(id: "apple-caption", caption: "Apps the user's Apple ID authorized (times in UTC)",
                                  headers: ["App", "Apple user id", "Email given", "Authorized", "Status", "Action"], rows: rows))
            """
    }
}
