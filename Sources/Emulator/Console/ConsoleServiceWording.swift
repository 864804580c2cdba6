/// What the user page says and shows differently for each service: the notes under the actions
/// (each names the service's own answer), whether identities carry dates, and which metadata the
/// page edits. One `switch` over the service, so a new service does not build until it has them.
struct ConsoleServiceWording: Sendable {
    /// The note under "Unban".
    let unban: String
    /// The note under "Ban".
    let ban: String
    /// The note under "End all sessions".
    let endSessions: String
    /// The note under "Expire sessions now".
    let expireSessions: String
    /// The note under "Send recovery mail".
    let sendRecovery: String
    /// Whether an identity row shows when it was made and last signed in with.
    let datesIdentities: Bool
    /// The metadata the page edits: the form field's name and the user field it shows.
    let metadataFields: [(name: String, shown: String)]
    /// The note under the metadata form.
    let metadataNote: String

    /// The wording for a service.
    /// - Parameter service: The user's service.
    init(_ service: ConsoleUserKey.Service) {
        switch service {
        case .supabase:
            unban = "Lifts the ban (ban_duration none)."
            ban = "Bans for about a hundred years (ban_duration 876000h): sign-ins and refreshes answer user_banned; sessions stay."
            endSessions = "Signs every device out: a refresh answers refresh_token_not_found, an access token session_not_found."
            expireSessions = """
                The sessions stay but stop refreshing (not_after now): a refresh answers session_expired; access tokens work until they\
                 expire.
                """
            sendRecovery = "Mails a recovery code and link (POST /recover): /verify type recovery signs in, then PUT /user sets a password."
            datesIdentities = true
            metadataFields = [("user_metadata", "user_metadata"), ("app_metadata", "app_metadata")]
            metadataNote =
                "Each a JSON object that replaces the whole; app_metadata keeps provider and providers, which the identities decide."
        case .firebase:
            unban = "Enables the user again."
            ban = "Disables the user: sign-ins and refreshes answer USER_DISABLED."
            endSessions = "Forgets the refresh tokens: a refresh answers INVALID_REFRESH_TOKEN; ID tokens work until they expire."
            expireSessions = "Moves validSince to now: every refresh token and ID token issued before answers TOKEN_EXPIRED."
            sendRecovery = "Mails a PASSWORD_RESET code and link (sendOobCode): resetPassword with the code sets a password."
            datesIdentities = false
            metadataFields = [("custom_claims", "customAttributes")]
            metadataNote =
                "A JSON object that replaces the custom claims (at most 1,000 bytes; reserved claims such as sub or exp are refused)."
        }
    }
}
