/// The page a web app would serve for passkeys, served by the emulator for one backend at
/// `/web/passkeys/{supabase|firebase}`: sign in with an emailed code (a confirmed user: Supabase
/// `POST /otp` and `/verify`, Firebase `sendOobCode` `EMAIL_SIGNIN` and `signInWithEmailLink`),
/// register a passkey (`navigator.credentials.create` with the service's creation options), sign
/// out, and sign in with the passkey and no username (`navigator.credentials.get`, discoverable).
///
/// Its script only calls this emulator's own routes (`connect-src 'self'`), loads nothing from
/// elsewhere, and writes what happened to `#status` (text and `data-` attributes a test reads).
/// The RP ID the services are configured with must be the page's host: `localhost` in a browser,
/// where 127.0.0.1 is not a valid RP ID.
enum WebPasskeyPage {
    /// The backends the page speaks to, by the name in its path.
    enum Backend: String, CaseIterable, Sendable {
        case supabase
        case firebase

        /// The name the page shows.
        var name: String {
            switch self {
            case .supabase: "Supabase"
            case .firebase: "Firebase"
            }
        }

        /// The key the page's calls carry.
        /// - Parameter anonKey: The Supabase anon key.
        func key(anonKey: String) -> String {
            switch self {
            case .supabase: anonKey
            case .firebase: WebPasskeyPage.firebaseAPIKey
            }
        }
    }

    /// The API key the page's Firebase calls carry (the emulator accepts any non-empty one, as
    /// firebase-tools does).
    static let firebaseAPIKey = "emulator-web-page"

    /// The page for a backend.
    /// - Parameters:
    ///   - backend: `supabase` or `firebase`.
    ///   - anonKey: The Supabase anon key (public: a web app ships it).
    /// - Returns: The page, or `nil` for another backend.
    static func page(backend: String, anonKey: String) -> HTML? {
        guard let choice = Backend(rawValue: backend) else { return nil }
        let name = choice.name
        let key = choice.key(anonKey: anonKey)
        let body: HTML = """
            <div id="app" data-backend="\(backend)" data-key="\(key)">
            <h1>Passkeys (\(name))</h1>
            <p class="lead">Sign in with a code mailed to you, register a passkey, sign out, then sign in with the passkey alone.</p>
            <form id="email-form"><label for="email">Email<input id="email" type="email" autocomplete="username" required></label>
            <div class="actions"><button class="secondary" type="submit">Send a code</button></div></form>
            <form id="code-form"><label for="code">Code<input id="code" type="text" inputmode="numeric"
            autocomplete="one-time-code" required></label>
            <div class="actions"><button class="primary" type="submit">Sign in with the code</button></div></form>
            <div class="actions">
            <button id="register" class="primary" type="button">Register a passkey</button>
            <button id="sign-out" class="secondary" type="button">Sign out</button>
            <button id="passkey" class="primary" type="button">Sign in with a passkey</button>
            </div>
            <p id="status" role="status" aria-live="polite">Signed out.</p>
            <p class="note">Codes mailed here are in the console's mail page (/console/mail).</p>
            </div>
            <script>\(script)</script>
            """
        return PageLayout.page(title: "Passkeys (\(name))", body: body)
    }

    /// The script: one adapter per backend over the same five steps.
    private static let script = HTML.trusted(
        """
        (() => {
          const app = document.getElementById('app'), out = document.getElementById('status');
          const backend = app.dataset.backend, key = app.dataset.key;
          const urlSafe = (text) => text.replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
          let session = null;
          async function call(path, body, bearer) {
            const headers = { 'Content-Type': 'application/json' };
            if (backend === 'supabase') { headers.apikey = key; if (bearer) headers.Authorization = 'Bearer ' + bearer; }
            else path += '?key=' + encodeURIComponent(key);
            const response = await fetch(path, { method: 'POST', headers, body: JSON.stringify(body || {}) });
            const text = await response.text(), json = text ? JSON.parse(text) : {};
            const reason = json.error_code || json.code || (json.error && json.error.message);
            if (!response.ok) throw new Error(reason || String(response.status));
            return json;
          }
          const claims = (token) => JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
          const bytesURLSafe = (options) => {
            options.challenge = urlSafe(options.challenge);
            if (options.user) options.user.id = urlSafe(options.user.id);
            for (const item of (options.excludeCredentials || []).concat(options.allowCredentials || [])) item.id = urlSafe(item.id);
            return options;
          };
          const passkeys = '/auth/v1/passkeys/';
          const v1 = '/identitytoolkit.googleapis.com/v1/accounts:', v2 = '/identitytoolkit.googleapis.com/v2/accounts/';
          const firebaseResponse = (credential, member) => {
            const json = credential.toJSON();
            return { credentialId: json.id, credentialType: 'public-key', [member]: json.response };
          };
          const firebaseSession = (answer) => ({ token: answer.idToken, user: answer.localId });
          const supabaseSession = (answer) => ({ token: answer.access_token, user: answer.user.id });
          const adapters = {
            supabase: {
              sendCode: (email) => call('/auth/v1/otp', { email, create_user: true }),
              verifyCode: async (email, token) => supabaseSession(await call('/auth/v1/verify', { type: 'email', email, token })),
              creation: async (s) => {
                const r = await call(passkeys + 'registration/options', {}, s.token);
                return [r.options, r.challenge_id];
              },
              register: (s, credential, id) =>
                call(passkeys + 'registration/verify', { challenge_id: id, credential: credential.toJSON() }, s.token),
              request: async () => { const r = await call(passkeys + 'authentication/options'); return [r.options, r.challenge_id]; },
              signIn: async (credential, id) =>
                supabaseSession(await call(passkeys + 'authentication/verify', { challenge_id: id, credential: credential.toJSON() })),
              signOut: (s) => call('/auth/v1/logout', {}, s.token),
              method: (c) => c.amr.map((entry) => entry.method).join(' '),
            },
            firebase: {
              sendCode: (email) => call(v1 + 'sendOobCode', { requestType: 'EMAIL_SIGNIN', email, continueUrl: location.href }),
              verifyCode: async (email, oobCode) => firebaseSession(await call(v1 + 'signInWithEmailLink', { email, oobCode })),
              creation: async (s) =>
                [bytesURLSafe((await call(v2 + 'passkeyEnrollment:start', { idToken: s.token })).credentialCreationOptions)],
              register: (s, credential) => call(v2 + 'passkeyEnrollment:finalize', { idToken: s.token, name: 'This browser',
                authenticatorRegistrationResponse: firebaseResponse(credential, 'authenticatorAttestationResponse') }),
              request: async () => [bytesURLSafe((await call(v2 + 'passkeySignIn:start', {})).credentialRequestOptions)],
              signIn: async (credential) => firebaseSession(await call(v2 + 'passkeySignIn:finalize',
                { authenticatorAuthenticationResponse: firebaseResponse(credential, 'authenticatorAssertionResponse') })),
              signOut: async () => {},
              method: (c) => c.firebase.sign_in_provider,
            },
          };
          const service = adapters[backend];
          const show = (text, state) => {
            out.textContent = text;
            out.dataset.state = state;
            out.dataset.user = session ? session.user : '';
            out.dataset.method = session ? service.method(claims(session.token)) : '';
          };
          const run = (action) => async (event) => {
            if (event) event.preventDefault();
            try { await action(); } catch (error) { show('Failed: ' + error.message, 'error'); }
          };
          const email = () => document.getElementById('email').value;
          document.getElementById('email-form').addEventListener('submit', run(async () => {
            await service.sendCode(email());
            show('A code was mailed to ' + email() + '.', 'code-sent');
          }));
          document.getElementById('code-form').addEventListener('submit', run(async () => {
            session = await service.verifyCode(email(), document.getElementById('code').value);
            show('Signed in with the code.', 'signed-in');
          }));
          document.getElementById('register').addEventListener('click', run(async () => {
            if (!session) throw new Error('sign in first');
            const [options, id] = await service.creation(session);
            const publicKey = PublicKeyCredential.parseCreationOptionsFromJSON(options);
            const credential = await navigator.credentials.create({ publicKey });
            await service.register(session, credential, id);
            show('A passkey is registered.', 'registered');
          }));
          document.getElementById('sign-out').addEventListener('click', run(async () => {
            if (session) await service.signOut(session);
            session = null;
            show('Signed out.', 'signed-out');
          }));
          document.getElementById('passkey').addEventListener('click', run(async () => {
            const [options, id] = await service.request();
            const publicKey = PublicKeyCredential.parseRequestOptionsFromJSON(options);
            const credential = await navigator.credentials.get({ publicKey });
            session = await service.signIn(credential, id);
            show('Signed in with a passkey.', 'signed-in');
          }));
        })();
        """)

    /// The answer to `GET /web/passkeys/{backend}`: the page, allowed to fetch this emulator's
    /// routes only; 404 for another backend.
    /// - Parameters:
    ///   - backend: The path's backend.
    ///   - anonKey: The Supabase anon key.
    /// - Returns: The response.
    static func response(backend: String, anonKey: String) -> EmulatorResponse {
        guard let page = page(backend: backend, anonKey: anonKey) else {
            let text: HTML = "<h1>No such page</h1><p>Passkey pages: /web/passkeys/supabase and /web/passkeys/firebase.</p>"
            return .html(PageLayout.page(title: "Not found", body: text), status: 404)
        }
        return .html(page, fetchesSameOrigin: true)
    }
}
