/// The frame every emulator page shares: a document with a language, a title, a viewport for
/// phones, and one inline style sheet (no external assets).
enum PageLayout {
    /// A whole page.
    /// - Parameters:
    ///   - title: The document title (escaped).
    ///   - body: The content of `<main>`.
    ///   - extraStyle: More CSS for this page.
    ///   - banner: What comes before `<main>` (a site header, a skip link).
    /// - Returns: The document.
    static func page(title: String, body: HTML, extraStyle: HTML = "", banner: HTML = "") -> HTML {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(title)</title>
        <style>\(style)\(extraStyle)</style>
        </head>
        <body>
        \(banner)<main id="main">
        \(body)
        </main>
        </body>
        </html>
        """
    }

    private static let style = HTML.trusted(
        """
        :root { color-scheme: light dark; font-family: -apple-system, system-ui, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; }
        body { margin: 0; padding: 1rem; line-height: 1.45; }
        main { max-width: 30rem; margin: 2rem auto; }
        h1 { font-size: 1.5rem; margin: 0 0 .5rem; }
        p.lead { margin-top: 0; }
        form { display: grid; gap: .75rem; }
        label { display: grid; gap: .25rem; font-weight: 600; }
        input[type=text], input[type=email] { font: inherit; font-weight: 400; padding: .55rem .6rem; border: 1px solid #8a8a8e;\
         border-radius: .5rem; }
        fieldset { border: 1px solid #c7c7cc; border-radius: .5rem; padding: .5rem .75rem; }
        fieldset label { display: flex; gap: .5rem; font-weight: 400; align-items: baseline; }
        .actions { display: flex; gap: .75rem; flex-wrap: wrap; }
        button { font: inherit; padding: .6rem 1.2rem; border-radius: .6rem; border: 1px solid transparent; cursor: pointer; }
        button.primary { background: #000; color: #fff; }
        button.secondary { background: transparent; border-color: #8a8a8e; color: inherit; }
        button:focus-visible, input:focus-visible { outline: 3px solid #0a84ff; outline-offset: 2px; }
        .note { font-size: .9rem; opacity: .8; }
        .error { border-left: 4px solid #d70015; padding-left: .75rem; }
        """)
}
