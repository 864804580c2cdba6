import AuthSimulation
import Foundation
import Testing

/// A change of address in GoTrue's columns (`users.email_change`, `email_change_sent_at`,
/// `email_change_confirm_status`; `one_time_tokens` of types `email_change_token_current` and
/// `email_change_token_new`, internal/models/user.go and one_time_token.go), on every adapter.
@Suite("Storage contract: Supabase email change")
struct SupabaseEmailChangeRowsTests {
    @Test(
        "a change in progress reads back whole, its codes are found by hash, and a confirmed change keeps only its time",
        arguments: StorageAdapter.allCases)
    func roundTrip(adapter: StorageAdapter) throws {
        let sut = try adapter.make()
        var user = Fixture.user(email: "ada@example.com")
        user.emailChange = SupabaseEmailChange(
            newEmail: "countess@example.com", sentAt: Fixture.at(1), confirmStatus: 0,
            current: SupabaseOTPRecord(
                tokenHash: "current-hash", kind: SupabaseEmailChange.currentKind, sentAt: Fixture.at(1), wrongAttempts: 0),
            new: SupabaseOTPRecord(tokenHash: "new-hash", kind: SupabaseEmailChange.newKind, sentAt: Fixture.at(1), wrongAttempts: 0))
        user.otp = SupabaseOTPRecord(tokenHash: "code-hash", kind: "magiclink", sentAt: Fixture.at(2), wrongAttempts: 0)
        try sut.write { $0.supabase.save(user) }
        #expect(try sut.read { $0.supabase.user(user.id) } == user)
        try sut.read { rows in
            #expect(rows.supabase.userID(emailCodeHash: "current-hash") == user.id)
            #expect(rows.supabase.userID(emailCodeHash: "new-hash") == user.id)
            #expect(rows.supabase.userID(emailCodeHash: "code-hash") == user.id)
        }

        user.emailChange?.confirmStatus = 1
        user.emailChange?.current = nil
        try sut.write { $0.supabase.save(user) }
        #expect(try sut.read { $0.supabase.user(user.id) } == user)
        #expect(try sut.read { $0.supabase.userID(emailCodeHash: "current-hash") } == nil)

        user.email = "countess@example.com"
        user.emailChange = SupabaseEmailChange(newEmail: "", sentAt: Fixture.at(1))
        try sut.write { $0.supabase.save(user) }
        #expect(try sut.read { $0.supabase.user(user.id) } == user)
        try sut.read { rows in
            #expect(rows.supabase.userID(emailCodeHash: "new-hash") == nil)
            #expect(rows.supabase.userID(email: "countess@example.com") == user.id)
        }
    }
}
