import Foundation

/// Where the mailbox's links land (`/console/link-result`), so that following one shows what it
/// did instead of an app's address that nothing answers: a Supabase link goes through GoTrue's
/// `/verify` and arrives with the session (or the error) in the fragment, which the page's script
/// reads, says in words, and removes from the address bar; a Firebase sign-in link arrives
/// through `/emulator/action` with its `oobCode`, which an app signs in with.
enum ConsoleLinkResultPage {
    /// The page's content.
    /// - Parameter query: The query it was opened with.
    /// - Returns: The content.
    static func content(query: [String: String]) -> HTML {
        let firebase: HTML =
            query["oobCode"].map { code in
                """
                <p>An email sign-in link of Firebase: the app completes the sign-in with it (<code>signInWithEmailLink</code>), \
                or <code>login otp --backend firebase --email EMAIL --code CODE</code> with this code.</p>
                <p>Code (<code>oobCode</code>): <code class="code">\(code)</code></p>
                """
            } ?? """
                <p>This page shows what a mailed link did.</p>
                <noscript><p>With JavaScript off, the result is in the address bar, after the <code>#</code>.</p></noscript>
                """
        return """
            <p><a href="/console/mail">← Mailbox</a></p>
            <h1>Link result</h1>
            <div id="link-result">\(firebase)</div>
            """
    }

    /// Reads GoTrue's fragment (`#access_token=…&type=…`, or `#error=…&error_code=…`), says what
    /// it means with text only, and takes the tokens out of the address bar.
    static let script = HTML.trusted(
        """
        (() => {
          if (!location.hash) return;
          const fragment = new URLSearchParams(location.hash.slice(1));
          const said = document.createElement('p');
          if (fragment.get('error')) {
            said.className = 'error';
            said.textContent = 'The link was refused: ' + (fragment.get('error_description') || fragment.get('error'))
              + ' (' + (fragment.get('error_code') || fragment.get('error')) + ').';
          } else if (fragment.get('access_token')) {
            said.textContent = 'The link verified the email and signed the user in (type ' + (fragment.get('type') || 'unknown')
              + '): an app reads this session from the address\\'s fragment. The tokens are not shown here.';
          } else {
            return;
          }
          document.getElementById('link-result').replaceChildren(said);
          history.replaceState(null, '', location.pathname + location.search);
        })();
        """)

    /// The link as the mailbox offers it: on the address the console was opened at (a server
    /// started with `--port 0` mails links naming port 0), and landing on this page: a Supabase
    /// link's `redirect_to` and a Firebase link's `continueUrl` become this page (a loopback
    /// address, which GoTrue's allow-list admits).
    /// - Parameters:
    ///   - link: The mailed link.
    ///   - host: The `Host` the console was opened with, if any.
    /// - Returns: The link to open.
    static func openable(_ link: String, host: String?) -> String {
        guard var components = URLComponents(string: link),
            let path = components.percentEncodedPath.split(separator: "/").first.map(String.init)
        else { return link }
        if let host, let origin = URLComponents(string: "http://" + host), let name = origin.host {
            components.scheme = "http"
            components.host = name
            components.port = origin.port
        }
        let result =
            (components.scheme ?? "http") + "://" + (components.percentEncodedHost ?? "")
            + (components.port.map { ":\($0)" } ?? "") + "/console/link-result"
        var items = components.queryItems ?? []
        if path == "auth", components.path.hasSuffix("/verify") {
            items.removeAll { $0.name == "redirect_to" }
            items.append(URLQueryItem(name: "redirect_to", value: result))
        } else if path == "emulator", components.path == "/emulator/action" {
            items.removeAll { $0.name == "continueUrl" }
            items.append(URLQueryItem(name: "continueUrl", value: result))
        } else {
            return link
        }
        components.queryItems = items
        return components.string ?? link
    }
}
