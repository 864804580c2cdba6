import ArgumentParser
import Testing

@testable import login

/// `login serve --firebase-accounts-per-hour`: Google's 100 new accounts an hour per IP address
/// by default, any other count, or 0 for no limit.
@Suite("login serve: the Firebase new-account limit")
struct ServeFirebaseLimitParsingTests {
    private func serve(_ arguments: [String]) throws -> ServeCommand {
        try #require(try Login.parseAsRoot(["serve"] + arguments) as? ServeCommand)
    }

    @Test("the default is Google's 100 an hour; a count and 0 parse; a negative count is refused")
    func accountsPerHour() throws {
        #expect(try serve([]).firebaseAccountsPerHour == 100)
        #expect(try serve(["--firebase-accounts-per-hour", "5"]).firebaseAccountsPerHour == 5)
        #expect(try serve(["--firebase-accounts-per-hour", "0"]).firebaseAccountsPerHour == 0)
        #expect(throws: (any Error).self) { try Login.parseAsRoot(["serve", "--firebase-accounts-per-hour", "-1"]) }
    }
}
