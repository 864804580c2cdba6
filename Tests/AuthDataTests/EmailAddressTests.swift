import AuthData
import AuthDomain
import Testing

/// Email addresses with control characters are refused (issue 14, item 7): they would reach
/// terminals, logs and mail headers. On main, NUL, ESC and DEL were accepted.
@Suite("Email address: control characters")
struct EmailAddressTests {
    @Test(
        "an address with a control character anywhere is invalidEmail",
        arguments: [
            "a\u{0}@example.com", "a@exa\u{0}mple.com", "\u{1B}]0;x\u{7}a@example.com", "a\u{7F}@example.com", "a@example.com\u{85}",
            "a\u{1}b@example.com", "a@example.com\u{0}",
        ])
    func refused(address: String) {
        #expect(throws: AuthError.invalidEmail(address)) { _ = try EmailAddress.normalized(address) }
    }

    @Test("leading and trailing spaces and line breaks are still trimmed")
    func trimmed() throws {
        #expect(try EmailAddress.normalized(" Ada@Example.com\n") == "ada@example.com")
        #expect(try EmailAddress.normalized("\tada@example.com\r\n") == "ada@example.com")
    }
}
