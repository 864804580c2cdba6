import ArgumentParser
import AuthDomain
import Testing

@testable import login

/// The CLI's provider table (`CLIProvider.table`) and the backend profile: what the commands,
/// the options and the messages read from them.
@Suite("login: the provider table and the backend profile")
struct ProviderTableTests {
    @Test("link takes the linkable rows, unlink the unlinkable ones, in any case; others are refused with the names listed")
    func linkAndUnlinkArguments() throws {
        #expect(ProviderArgument<LinkCommand>.allValueStrings == ["apple", "google"])
        #expect(ProviderArgument<UnlinkCommand>.allValueStrings == ["apple", "google", "email"])
        let link = try #require(try Login.parseAsRoot(["link", "GOOGLE"]) as? LinkCommand)
        #expect(link.provider.row.id == .google)
        let unlink = try #require(try Login.parseAsRoot(["unlink", "Email"]) as? UnlinkCommand)
        #expect(unlink.provider.row.id == .emailCode)
        do {
            _ = try Login.parseAsRoot(["link", "email"])
            Issue.record("link email parsed")
        } catch {
            let message = Login.message(for: error)
            #expect(message.contains("'email'") && message.contains("'apple'") && message.contains("'google'"), "\(message)")
        }
    }

    @Test("the help lists the accepted names from the table")
    func helpLists() {
        #expect(ProviderArgument<LinkCommand>.help.abstract == "apple or google.")
        #expect(ProviderArgument<UnlinkCommand>.help.abstract == "apple, google or email.")
        #expect(CLIProvider.listed([.apple]) == "apple" && CLIProvider.listed([]) == "")
    }

    @Test("the client ids reach the embedded services by provider, one per row that has an option")
    func clientIDs() throws {
        let status = try #require(try Login.parseAsRoot(["status", "--google-client-id", "g.example"]) as? StatusCommand)
        let ids = status.global.simulationConfiguration.clientIDs
        #expect(ids[.google] == ["g.example"])
        #expect(ids[.apple] == ["com.example.authcoordinator"])
        #expect(ids[.emailCode] == nil)
    }

    @Test("--supabase-skip-nonce-check takes the ID-token providers only (GoTrue internal/conf/configuration.go: per provider)")
    func skipNonceCheck() throws {
        let serve = try #require(try Login.parseAsRoot(["serve", "--supabase-skip-nonce-check", "google"]) as? ServeCommand)
        #expect(serve.supabase.settings.skipNonceCheck == [.google])
        do {
            _ = try Login.parseAsRoot(["serve", "--supabase-skip-nonce-check", "email"])
            Issue.record("email parsed")
        } catch {
            #expect(Login.message(for: error).contains("must be apple or google"))
        }
    }

    @Test("the sheet's account defaults to the row's default account")
    func defaultAccounts() {
        #expect(CLIProvider.google.account(named: nil) == "grace.hopper@gmail.com")
        #expect(CLIProvider.apple.account(named: "ada@example.com") == "ada@example.com")
        #expect(CLIProvider.email.account(named: nil) == "")
    }

    /// The codes: GoTrue internal/api/apierrors/errorcode.go; firebase-tools src/emulator/auth/errors.ts.
    @Test(
        "admin refusals read each backend's own codes",
        arguments: [
            (BackendChoice.supabase, "user_not_found", "user_not_found"), (.firebase, "USER_NOT_FOUND", "user_not_found"),
            (.supabase, "not_admin", "admin_unauthorized"), (.firebase, "INSUFFICIENT_PERMISSION", "admin_unauthorized"),
            (.firebase, "bad_jwt", "bad_jwt"), (.supabase, "USER_NOT_FOUND", "USER_NOT_FOUND"),
            (.firebase, "not_admin", "not_admin"),
        ])
    func adminRefusals(backend: BackendChoice, code: String, expected: String) {
        guard case .backend(let failure) = AdminFailure.error(status: 403, code: code, message: "m", backend: backend) else {
            Issue.record("not a backend error")
            return
        }
        #expect(failure.code.rawValue == expected)
        if expected == "admin_unauthorized" {
            #expect(failure.message.contains(backend.profile.adminCredentialOption))
        }
    }

    @Test("reset forgets every embedded backend's session file and the profile cache")
    func sessionFiles() {
        #expect(SessionFiles.embeddedState == ["session-supabase.json", "session-firebase.json", "profiles.json"])
    }
}
