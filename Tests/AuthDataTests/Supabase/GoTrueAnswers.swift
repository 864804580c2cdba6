/// Session answers in the shapes GoTrue (supabase/auth) sends them, written from its source
/// rather than recorded from a live server: which fields are present, in which order the
/// timestamps of one request are taken, and with which precision (Go's `time.Now()` values keep
/// nanoseconds, Postgres values microseconds; Go drops trailing zeros).
///
/// - id_token sign-up: `api/external.go` `CreateAccount` → `signupNewUser` (`created_at`, then
///   a reload without `confirmed_at`), `createNewIdentity` (identity `last_sign_in_at` before its
///   `created_at`), `User.Confirm` (`email_confirmed_at`), `IssueRefreshToken`
///   (`last_sign_in_at`, then `updated_at`).
/// - id_token returning: `AccountExists`; the user comes from the database with `confirmed_at`.
/// - anonymous: `api/anonymous.go`; no email, no `confirmed_at`, `identities: []`.
/// - email code: `POST /otp` at T0 creates the user; `POST /verify` at T1 confirms, reloads
///   (`confirmed_at` present) and signs in. A returning user's code is the recovery token, sent
///   (`recovery_sent_at`) after the first confirmation.
enum GoTrueAnswers {
    static let appleSignUp = session(
        user: #"""
            {"id":"8d0e8f3c-6c1f-4c35-9f56-2f2a7f5b9c11","aud":"authenticated","role":"authenticated","email":"ada@example.com",
             "email_confirmed_at":"2026-11-22T20:40:01.514210317Z","phone":"","last_sign_in_at":"2026-11-22T20:40:01.518844905Z",
             "app_metadata":{"provider":"apple","providers":["apple"]},
             "user_metadata":{"email":"ada@example.com","email_verified":true,"iss":"https://appleid.apple.com","phone_verified":false\#
            ,"provider_id":"001542.ab","sub":"001542.ab"},
             "identities":[{"identity_id":"0f9b3a40-5d0e-4b55-8c1e-33a7d1c3b2aa","id":"001542.ab","user_id":"8d0e8f3c-6c1f-4c35-9f56-2\#
            f2a7f5b9c11",
               "identity_data":{"email":"ada@example.com","email_verified":true,"iss":"https://appleid.apple.com","phone_verified":fal\#
            se,"provider_id":"001542.ab","sub":"001542.ab"},
               "provider":"apple","last_sign_in_at":"2026-11-22T20:40:01.508735219Z","created_at":"2026-11-22T20:40:01.509127Z","updat\#
            ed_at":"2026-11-22T20:40:01.509127Z","email":"ada@example.com"}],
             "created_at":"2026-11-22T20:40:01.501398Z","updated_at":"2026-11-22T20:40:01.520016Z","is_anonymous":false}
            """#)

    /// The same user signing in again 300 ms later (a second device, a quick retry).
    static let appleReturningAtOnce = session(
        user: #"""
            {"id":"8d0e8f3c-6c1f-4c35-9f56-2f2a7f5b9c11","aud":"authenticated","role":"authenticated","email":"ada@example.com",
             "email_confirmed_at":"2026-11-22T20:40:01.51421Z","phone":"","confirmed_at":"2026-11-22T20:40:01.51421Z",
             "last_sign_in_at":"2026-11-22T20:40:01.8231047Z","app_metadata":{"provider":"apple","providers":["apple"]},
             "user_metadata":{"email":"ada@example.com","email_verified":true,"iss":"https://appleid.apple.com","phone_verified":false\#
            ,"provider_id":"001542.ab","sub":"001542.ab"},
             "identities":[],"created_at":"2026-11-22T20:40:01.501398Z","updated_at":"2026-11-22T20:40:01.824411Z","is_anonymous":false}
            """#)

    static let appleReturningNextDay = session(
        user: #"""
            {"id":"8d0e8f3c-6c1f-4c35-9f56-2f2a7f5b9c11","aud":"authenticated","role":"authenticated","email":"ada@example.com",
             "email_confirmed_at":"2026-11-22T20:40:01.51421Z","phone":"","confirmed_at":"2026-11-22T20:40:01.51421Z",
             "last_sign_in_at":"2026-11-23T08:02:44.017729101Z","app_metadata":{"provider":"apple","providers":["apple"]},"user_metada\#
            ta":{},
             "identities":[],"created_at":"2026-11-22T20:40:01.501398Z","updated_at":"2026-11-23T08:02:44.019Z","is_anonymous":false}
            """#)

    /// A Google identity linked automatically to the confirmed Apple user with the same email.
    static let googleLinkedByEmail = session(
        user: #"""
            {"id":"8d0e8f3c-6c1f-4c35-9f56-2f2a7f5b9c11","aud":"authenticated","role":"authenticated","email":"ada@example.com",
             "email_confirmed_at":"2026-11-22T20:40:01.51421Z","phone":"","confirmed_at":"2026-11-22T20:40:01.51421Z",
             "last_sign_in_at":"2026-11-24T10:00:00.5Z","app_metadata":{"provider":"apple","providers":["apple","google"]},"user_metad\#
            ata":{},
             "identities":[],"created_at":"2026-11-22T20:40:01.501398Z","updated_at":"2026-11-24T10:00:00.501Z","is_anonymous":false}
            """#)

    static let anonymousSignUp = session(
        user: #"""
            {"id":"2b5d1f0e-1111-4e2a-9d6c-4f8e2c7a9b10","aud":"authenticated","role":"authenticated","email":"","phone":"",
             "last_sign_in_at":"2026-11-22T20:41:12.004513883Z","app_metadata":{},"user_metadata":{},"identities":[],
             "created_at":"2026-11-22T20:41:11.998101Z","updated_at":"2026-11-22T20:41:12.006227Z","is_anonymous":true}
            """#)

    /// The code requested at 20:42:00 and typed four minutes later.
    static let emailCodeSignUp = session(
        user: #"""
            {"id":"c3c8e1a2-2222-4b7e-8f5d-6a1b2c3d4e5f","aud":"authenticated","role":"authenticated","email":"otp@example.com",
             "email_confirmed_at":"2026-11-22T20:46:03.112507Z","phone":"","confirmation_sent_at":"2026-11-22T20:42:00.2031Z",
             "confirmed_at":"2026-11-22T20:46:03.112507Z","last_sign_in_at":"2026-11-22T20:46:03.120918271Z",
             "app_metadata":{"provider":"email","providers":["email"]},
             "user_metadata":{"email":"otp@example.com","email_verified":true,"phone_verified":false,"sub":"c3c8e1a2-2222-4b7e-8f5d-6a\#
            1b2c3d4e5f"},
             "identities":[],"created_at":"2026-11-22T20:42:00.19902Z","updated_at":"2026-11-22T20:46:03.122Z","is_anonymous":false}
            """#)

    /// The same address asking for a code again 40 s after confirming (a recovery code).
    static let emailCodeReturningSoon = session(
        user: #"""
            {"id":"c3c8e1a2-2222-4b7e-8f5d-6a1b2c3d4e5f","aud":"authenticated","role":"authenticated","email":"otp@example.com",
             "email_confirmed_at":"2026-11-22T20:46:03.112507Z","phone":"","confirmation_sent_at":"2026-11-22T20:42:00.2031Z",
             "confirmed_at":"2026-11-22T20:46:03.112507Z","recovery_sent_at":"2026-11-22T20:46:40.5Z",
             "last_sign_in_at":"2026-11-22T20:46:43.000411Z","app_metadata":{"provider":"email","providers":["email"]},"user_metadata":{},
             "identities":[],"created_at":"2026-11-22T20:42:00.19902Z","updated_at":"2026-11-22T20:46:43.001Z","is_anonymous":false}
            """#)

    /// A Google browser sign-up: the callback (api/external.go `CreateAccount`) made the user
    /// and its identity (`tx.Create`: identity `created_at` = `updated_at`), the exchange
    /// (`grant_type=pkce`) signed it in 1.2 s later; the user is read back from the database.
    static let googleBrowserSignUp = session(
        user: googleBrowser(
            lastSignIn: "2026-11-22T21:00:01.7123Z", identityUpdated: "2026-11-22T21:00:00.50211Z"))

    /// The same user's second browser sign-in, 12 s later: the callback (`AccountExists`)
    /// rewrote the identity (`tx.UpdateOnly` moves its `updated_at`).
    static let googleBrowserReturningSoon = session(
        user: googleBrowser(
            lastSignIn: "2026-11-22T21:00:13.9Z", identityUpdated: "2026-11-22T21:00:13.40117Z"))

    private static func googleBrowser(lastSignIn: String, identityUpdated: String) -> String {
        #"""
        {"id":"5b7e2c1d-9a4f-4e3b-8c2d-1f0e9d8c7b6a","aud":"authenticated","role":"authenticated","email":"grace@example.com",
         "email_confirmed_at":"2026-11-22T21:00:00.502554Z","phone":"","confirmed_at":"2026-11-22T21:00:00.502554Z",
         "last_sign_in_at":"\#(lastSignIn)","app_metadata":{"provider":"google","providers":["google"]},"user_metadata":{},
         "identities":[{"identity_id":"7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f","id":"1099","user_id":"5b7e2c1d-9a4f-4e3b-8c2d-1f0e9d8c7b6a",
           "identity_data":{"email":"grace@example.com","sub":"1099"},"provider":"google","last_sign_in_at":"2026-11-22T21:00:00.50198Z",
           "created_at":"2026-11-22T21:00:00.50211Z","updated_at":"\#(identityUpdated)","email":"grace@example.com"}],
         "created_at":"2026-11-22T21:00:00.500011Z","updated_at":"2026-11-22T21:00:01.713Z","is_anonymous":false}
        """#
    }

    private static func session(user: String) -> String {
        #"""
        {"access_token":"eyJhbGciOiJIUzI1NiJ9.e30.x","token_type":"bearer","expires_in":3600,"expires_at":1795383601,"refresh_token":"\#
        vx4bq2mzzl3r","user":
        """#
            + user + "}"
    }
}
