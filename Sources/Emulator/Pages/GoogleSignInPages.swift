/// The simulated Google sign-in page: choose an account (and its name, the first time it is
/// used here), then continue to the app or cancel.
enum GoogleSignInPages {
    /// The account chooser and consent.
    /// - Parameter request: The authorization request.
    /// - Returns: The page.
    static func chooser(_ request: ProviderAuthorizeRequest) -> HTML {
        PageLayout.page(
            title: "Sign in – Google Accounts",
            body: """
                <h1>Sign in with Google</h1>
                <p class="lead">to continue to <strong>\(request.clientID)</strong></p>
                <form method="post" action="/google/o/oauth2/v2/auth/decision">
                \(ProviderPages.hidden(request.fields))
                <label for="email">Email<input id="email" name="email" type="email" autocomplete="username"\
                 value="\(request.loginHint)" required autofocus></label>
                <label for="name">Name <span class="note">(used when the account is new here)</span><input id="name" name="name"\
                 type="text" autocomplete="name"></label>
                <p class="note">Google will share your name, email address and profile picture with \(request.clientID).</p>
                <div class="actions"><button class="primary" type="submit" name="decision" value="continue">Continue</button>\
                <button class="secondary" type="submit" name="decision" value="cancel" formnovalidate>Cancel</button></div>
                </form>
                """)
    }
}
