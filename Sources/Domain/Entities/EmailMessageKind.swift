/// A message the backend mails and can send again.
public enum EmailMessageKind: String, Hashable, Sendable, CaseIterable {
    /// The sign-up confirmation (Supabase `/resend` type `signup`; Firebase `VERIFY_EMAIL`).
    case signUpConfirmation
    /// The confirmation of a new address (Supabase `/resend` type `email_change`; Firebase
    /// `VERIFY_AND_CHANGE_EMAIL`, which needs the new address and is sent by ``EmailChange``).
    case emailChange
    /// The password recovery (Supabase `/recover`; Firebase `PASSWORD_RESET`).
    case passwordRecovery
}
