import AuthDomain
import AuthPresentation
import Testing

/// The account screen's decisions: linked providers with link and unlink, the only way in kept,
/// one action at a time, and a delete confirmation that names what is revoked.
@Suite("Account screen decisions")
struct AccountScreenStateTests {
    private static func user(_ providers: [ProviderID], email: String? = "ada@example.com", anonymous: Bool = false) -> AuthUser {
        AuthUser(
            id: "u1", email: email, displayName: anonymous ? nil : "Ada Lovelace", isEmailVerified: true, isAnonymous: anonymous,
            providers: providers)
    }

    @Test("linked providers first with Unlink, then the others the app offers with Link; status in words")
    func rows() {
        let screen = AccountScreenState(user: Self.user([.apple, .emailCode]), linkable: [.apple, .google], running: nil)
        #expect(screen.providers.map(\.provider) == [.apple, .emailCode, .google])
        #expect(screen.providers.map(\.status) == ["Linked", "Linked", "Not linked"])
        #expect(screen.providers.map(\.actionTitle) == ["Unlink Apple", nil, "Link Google"])
        #expect(screen.providers.map(\.isDisabled) == [false, true, false])
        #expect(screen.title == "Ada Lovelace" && screen.emailLine == "ada@example.com")
    }

    @Test("the only way in cannot be unlinked (the backend refuses it too)")
    func lastWayIn() {
        let screen = AccountScreenState(user: Self.user([.apple]), linkable: [.apple, .google], running: nil)
        let apple = screen.providers.first { $0.provider == .apple }
        #expect(apple?.isDisabled == true)
        #expect(apple?.disabledReason == AccountScreenState.lastWayInReason)
    }

    @Test("while one action runs, its row loads and every other button waits")
    func oneAtATime() {
        let screen = AccountScreenState(user: Self.user([.apple, .google]), linkable: [.apple, .google], running: .unlink(.google))
        #expect(screen.providers.map(\.isLoading) == [false, true])
        #expect(screen.providers.allSatisfy { $0.isDisabled })
        #expect(screen.providers.first?.disabledReason == AccountScreenState.busyReason)
        #expect(screen.actionsDisabled && !screen.isDeleting && !screen.isSigningOut)
        #expect(AccountScreenState(user: Self.user([.apple]), linkable: [], running: .deleteAccount).isDeleting)
    }

    @Test("a relay address says it is hidden by Apple; a guest is called Guest")
    func names() {
        let relay = AccountScreenState(user: Self.user([.apple], email: "x1@privaterelay.appleid.com"), linkable: [], running: nil)
        #expect(relay.emailLine == "x1@privaterelay.appleid.com (hidden by Apple)")
        let guest = AccountScreenState(user: Self.user([.anonymous], email: nil, anonymous: true), linkable: [.apple], running: nil)
        #expect(guest.title == "Guest" && guest.emailLine == nil)
        #expect(guest.providers.map(\.provider) == [.apple])
    }

    @Test("the delete confirmation says what happens and names Apple's revocation when Apple is linked")
    func deleteConfirmationWithApple() {
        let text = DeleteAccountConfirmation(user: Self.user([.apple, .google]))
        #expect(text.title == "Delete your account?")
        #expect(text.message.contains("deleted"))
        #expect(text.message.contains("can't be undone"))
        #expect(text.message.contains("This app's access to your Apple ID is revoked"))
        #expect(text.message.contains("signed out on this device"))
        #expect(text.confirmTitle == "Delete account")
    }

    @Test("without Apple, nothing is said to be revoked; a guest's confirmation says so")
    func deleteConfirmationWithoutApple() {
        #expect(!DeleteAccountConfirmation(user: Self.user([.google])).message.contains("revoked"))
        let guest = DeleteAccountConfirmation(user: Self.user([.anonymous], email: nil, anonymous: true))
        #expect(guest.title == "Delete this guest account?")
        #expect(guest.message.hasPrefix("This guest account and everything saved with it are deleted."))
    }
}
