import Foundation

/// A change of address in progress, as GoTrue keeps it on the user (internal/models/user.go:
/// `email_change`, `email_change_sent_at`, `email_change_confirm_status`, and the
/// `email_change_token_current` / `email_change_token_new` one-time tokens).
package struct SupabaseEmailChange: Codable, Sendable, Hashable {
    /// `email_change`: the address asked for; empty once the change is confirmed.
    package var newEmail: String
    /// `email_change_sent_at`: when the codes were mailed (kept after the change, as GoTrue does;
    /// both codes expire `GOTRUE_MAILER_OTP_EXP` after it).
    package var sentAt: Date?
    /// `email_change_confirm_status`: 0, or 1 once one of the two addresses is confirmed.
    package var confirmStatus: Int
    /// The code mailed to the current address (secure email change only), hashed with it.
    package var current: SupabaseOTPRecord?
    /// The code mailed to the new address, hashed with it.
    package var new: SupabaseOTPRecord?

    /// Creates a change with every field.
    package init(
        newEmail: String, sentAt: Date?, confirmStatus: Int = 0, current: SupabaseOTPRecord? = nil, new: SupabaseOTPRecord? = nil
    ) {
        self.newEmail = newEmail
        self.sentAt = sentAt
        self.confirmStatus = confirmStatus
        self.current = current
        self.new = new
    }

    /// The code kinds, as the mailbox and `one_time_tokens` name them.
    package static let currentKind = "email_change_current"
    package static let newKind = "email_change_new"
}
