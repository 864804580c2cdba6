import AuthJWT
import AuthSimulation

/// The frame of every console page: the site header (skip link, the console's sections, the
/// live-refresh switch), the content, the switch's script, and the response headers.
///
/// The only script is the live refresh: inline, allowed by a per-response nonce in the page's
/// Content-Security-Policy, so that nothing else (a value that slipped past escaping) can run.
/// With JavaScript off, every page and action works; only the refresh is manual.
enum ConsoleLayout {
    /// The console's sections, for the header's current-page mark.
    enum Section: Sendable {
        case users, mail, log, other
    }

    /// A console page.
    /// - Parameters:
    ///   - title: The document title.
    ///   - section: The section it belongs to.
    ///   - body: The content.
    ///   - livePage: The page's own path and query, when it refreshes itself as state changes.
    ///   - status: The HTTP status.
    ///   - pageScript: A fixed script of the page's own (never built from input), run under the same nonce.
    /// - Returns: The response; its `X-Console-Digest` header identifies what the content shows.
    static func page(
        title: String, section: Section, body: HTML, livePage: String? = nil, status: Int = 200,
        pageScript: HTML? = nil
    ) -> EmulatorResponse {
        let digest = digest(of: body)
        let nonce = RandomIdentifiers.opaqueToken(24)
        let live: HTML =
            livePage.map { page in
                """
                <p id="live" class="note" data-page="\(page)" data-digest="\(digest)" hidden>\
                <label><input type="checkbox" id="live-toggle" checked> Live: refresh when something changes</label></p>
                <script nonce="\(nonce)">\(script)</script>
                """
            } ?? ""
        let own: HTML = pageScript.map { "<script nonce=\"\(nonce)\">\($0)</script>" } ?? ""
        let document = PageLayout.page(
            title: title + " · login serve console", body: "\(body)\(own)", extraStyle: style, banner: banner(section, live: live))
        return EmulatorResponse(
            status: status,
            headers: [
                ("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store"), ("X-Frame-Options", "DENY"),
                (
                    "Content-Security-Policy",
                    "default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-\(nonce)'; connect-src 'self'; "
                        + "img-src data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
                ),
                ("Referrer-Policy", "no-referrer"), ("X-Content-Type-Options", "nosniff"), ("X-Console-Digest", digest),
            ], body: Array(document.text.utf8))
    }

    /// A page with a heading and one paragraph (refusals, errors).
    /// - Parameters:
    ///   - status: The HTTP status.
    ///   - title: The heading.
    ///   - text: The explanation.
    /// - Returns: The response.
    static func message(status: Int, title: String, text: String) -> EmulatorResponse {
        page(
            title: title, section: .other,
            body: """
                <h1>\(title)</h1>
                <p class="error">\(text)</p>
                <p><a href="/console">Back to the users</a></p>
                """, status: status)
    }

    /// A 303 to a console page (after a form post).
    /// - Parameter location: The page's path and query.
    /// - Returns: The response.
    static func seeOther(_ location: String) -> EmulatorResponse {
        EmulatorResponse(status: 303, headers: [("Location", location), ("Cache-Control", "no-store")])
    }

    /// What a page's content shows, in 16 hex digits: equal digests, equal content.
    static func digest(of body: HTML) -> String { String(SHA256Hex.hash(body.text).prefix(16)) }

    private static func banner(_ section: Section, live: HTML) -> HTML {
        func link(_ href: String, _ label: String, current: Bool) -> HTML {
            current ? "<a href=\"\(href)\" aria-current=\"page\">\(label)</a>" : "<a href=\"\(href)\">\(label)</a>"
        }
        return """
            <a class="skip" href="#main">Skip to content</a>
            <header class="console-header"><strong>login serve console</strong>
            <nav aria-label="Console">\(link("/console", "Users", current: section == .users))\
            \(link("/console/mail", "Mailbox", current: section == .mail))\
            \(link("/console/log", "Requests", current: section == .log))</nav>
            \(live)</header>

            """
    }

    /// Polls `/console/live` for the digest of the page's own content every 1.5 s, and reloads
    /// when it differs; not while the tab is hidden, the switch is off, or a field being typed
    /// in has changed.
    private static let script = HTML.trusted(
        """
        (() => {
          const live = document.getElementById('live'), toggle = document.getElementById('live-toggle');
          live.hidden = false;
          toggle.checked = localStorage.getItem('console-live') !== 'off';
          toggle.addEventListener('change', () => localStorage.setItem('console-live', toggle.checked ? 'on' : 'off'));
          const url = '/console/live?page=' + encodeURIComponent(live.dataset.page);
          const typing = () => {
            const field = document.activeElement;
            return field && field.matches('input:not([type=checkbox]), textarea, select') && field.value !== field.defaultValue;
          };
          setInterval(async () => {
            if (!toggle.checked || document.hidden || typing()) return;
            try {
              const answer = await fetch(url, { cache: 'no-store', credentials: 'same-origin' });
              if (answer.ok && (await answer.text()) !== live.dataset.digest) location.reload();
            } catch (error) { /* the emulator stopped: try again on the next tick */ }
          }, 1500);
        })();
        """)

    private static let style = HTML.trusted(
        """
        main { max-width: 90rem; margin: 1rem auto; }
        .console-header { display: flex; flex-wrap: wrap; gap: .25rem 1.5rem; align-items: baseline; max-width: 90rem; margin: 0 auto;\
         padding-bottom: .5rem; border-bottom: 1px solid #c7c7cc; }
        .console-header nav { display: flex; gap: 1rem; }
        .console-header #live { margin: 0 0 0 auto; }
        a[aria-current=page] { font-weight: 700; text-decoration: none; }
        .skip { position: absolute; left: -999rem; }
        .skip:focus { left: 1rem; top: .5rem; padding: .4rem .6rem; background: Canvas; color: CanvasText; z-index: 1; }
        h2 { font-size: 1.15rem; margin: 1.5rem 0 .5rem; }
        .table-wrap { overflow-x: auto; border: 1px solid #c7c7cc; border-radius: .5rem; }
        table { border-collapse: collapse; width: 100%; font-size: .9rem; }
        caption { text-align: left; padding: .5rem .6rem; font-weight: 600; }
        th, td { text-align: left; padding: .4rem .5rem; border-top: 1px solid rgba(127, 127, 127, .25); vertical-align: top; }
        thead th { background: rgba(127, 127, 127, .12); white-space: nowrap; }
        code, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .85rem; overflow-wrap: anywhere; }
        a.id { display: inline-block; max-width: 11ch; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; vertical-align:\
         bottom; }
        pre { overflow-x: auto; background: rgba(127, 127, 127, .1); padding: .75rem; border-radius: .5rem; margin: 0; }
        .flash { border-left: 4px solid #248a3d; padding-left: .75rem; }
        .pager { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: baseline; margin: .75rem 0; }
        form.search { display: flex; flex-wrap: wrap; gap: .5rem; align-items: end; margin-bottom: .75rem; }
        form.search label { flex: 1 1 16rem; }
        input[type=search] { font: inherit; font-weight: 400; padding: .55rem .6rem; border: 1px solid #8a8a8e; border-radius: .5rem; }
        form.inline { display: inline-flex; gap: .5rem; align-items: center; margin: 0 .5rem .5rem 0; }
        .actions-list { list-style: none; padding: 0; display: grid; gap: .6rem; }
        .actions-list li { display: flex; flex-wrap: wrap; gap: .25rem .75rem; align-items: baseline; }
        .actions-list form { display: inline; }
        button.danger { background: #c4001a; color: #fff; }
        button.small { padding: .3rem .7rem; }
        dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .3rem 1rem; margin: 0; }
        dl.facts dt { font-weight: 600; }
        dl.facts dd { margin: 0; overflow-wrap: anywhere; }
        #live label, label.confirm { display: flex; gap: .5rem; align-items: baseline; font-weight: 400; }
        a:focus-visible, .table-wrap:focus-visible, input[type=checkbox]:focus-visible { outline: 3px solid #0a84ff; outline-offset: 2px; }
        @media (max-width: 40rem) {
          body { padding: .5rem; }
          dl.facts { grid-template-columns: 1fr; gap: 0; }
          dl.facts dd { margin-bottom: .5rem; }
        }
        """)
}
