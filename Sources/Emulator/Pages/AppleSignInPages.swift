import AuthDomain

/// The simulated "Sign in with Apple" web pages: the Apple ID step, the first-time sheet (name,
/// Share My Email / Hide My Email), the returning "Continue", and the `form_post` answer.
enum AppleSignInPages {
    /// The first step: which Apple ID signs in.
    static func appleIDStep(_ request: ProviderAuthorizeRequest) -> HTML {
        PageLayout.page(
            title: "Sign in with Apple",
            body: """
                <h1>Sign in with Apple</h1>
                <p class="lead">Use your Apple ID to sign in to <strong>\(request.clientID)</strong>.</p>
                <form method="get" action="/appleid/auth/authorize">
                \(ProviderPages.hidden(request.fields))
                <label for="apple_id">Apple ID<input id="apple_id" name="apple_id" type="email" autocomplete="username" required\
                 autofocus></label>
                <div class="actions"><button class="primary" type="submit">Continue</button>\(cancelButton)</div>
                </form>
                """)
    }

    /// The sheet for an Apple ID: a first authorization asks for the name and the email
    /// choice; a returning one only confirms.
    static func consentStep(_ request: ProviderAuthorizeRequest, appleID: String, firstTime: Bool, relayAddress: String?) -> HTML {
        let fields = request.fields + [("apple_id", appleID)]
        let body: HTML
        if firstTime {
            let nameFields: HTML =
                request.asks(for: "name")
                ? """
                <label for="first_name">First name<input id="first_name" name="first_name" type="text" autocomplete="given-name"\
                 autofocus></label>
                <label for="last_name">Last name<input id="last_name" name="last_name" type="text" autocomplete="family-name"></label>
                """ : ""
            let emailChoice: HTML =
                request.asks(for: "email")
                ? """
                <fieldset>
                <legend>Email</legend>
                <label><input type="radio" name="email_choice" value="share" checked> Share My Email (\(appleID))</label>
                <label><input type="radio" name="email_choice" value="hide"> Hide My Email (forwarded from\
                 \(relayAddress ?? "a private relay address"))</label>
                </fieldset>
                """ : ""
            body = """
                <h1>Sign in with Apple</h1>
                <p class="lead">Create an account for <strong>\(request.clientID)</strong> using your Apple ID “\(appleID)”.</p>
                <form method="post" action="/appleid/auth/authorize/decision">
                \(ProviderPages.hidden(fields))
                \(nameFields)
                \(emailChoice)
                <div class="actions"><button class="primary" type="submit" name="decision"\
                 value="continue">Continue</button>\(cancelButton)</div>
                </form>
                """
        } else {
            body = """
                <h1>Sign in with Apple</h1>
                <p class="lead">Do you want to continue using <strong>\(request.clientID)</strong> with your Apple ID “\(appleID)”?</p>
                <form method="post" action="/appleid/auth/authorize/decision">
                \(ProviderPages.hidden(fields))
                <div class="actions"><button class="primary" type="submit" name="decision" value="continue"\
                 autofocus>Continue</button>\(cancelButton)</div>
                </form>
                """
        }
        return PageLayout.page(title: "Sign in with Apple", body: body)
    }

    /// Apple's `response_mode=form_post` answer: a form that posts itself to the redirect URI
    /// (a button does it with JavaScript off).
    static func formPost(to redirectURI: String, fields: [(String, String)]) -> HTML {
        PageLayout.page(
            title: "Signing in",
            body: """
                <h1>Signing in…</h1>
                <form method="post" action="\(redirectURI)">
                \(ProviderPages.hidden(fields))
                <div class="actions"><button class="primary" type="submit">Continue</button></div>
                </form>
                <script>document.forms[0].submit();</script>
                """)
    }

    /// Cancel: posts the form to the decision route without validating it.
    static let cancelButton: HTML = """
        <button class="secondary" type="submit" name="decision" value="cancel" formaction="/appleid/auth/authorize/decision" \
        formmethod="post" formnovalidate>Cancel</button>
        """
}
