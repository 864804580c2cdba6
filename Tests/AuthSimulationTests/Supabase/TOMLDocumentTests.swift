import AuthSimulation
import Testing

/// The TOML subset of a Supabase CLI `config.toml`, read as TOML 1.0 reads it (toml.io:
/// tables, dotted and quoted keys, strings and their escapes, integers with `_` and prefixes,
/// arrays over lines), and the rest refused with its line.
@Suite("TOML subset reader")
struct TOMLDocumentTests {
    private func parse(_ text: String) throws -> TOMLDocument { try TOMLDocument(parsing: Array(text.utf8)) }

    @Test("tables, dotted and quoted keys, every value kind, comments and CRLF")
    func values() throws {
        let document = try parse(
            """
            top = "x" # a comment\r
            [auth]
            site_url = "http://127.0.0.1:3000"
            additional_redirect_urls = [
              "https://a.example",  # first
              'C:\\literal',
            ]
            jwt_expiry = 3_600
            enabled = true
            "quoted key" = false
            email.otp_length = 0x0a
            ratio = -1.5e3
            escapes = "tab\\t quote\\" \\u00e9 \\U0001F600"

            [ auth . external . apple ]
            enabled = false
            nested = [[1, 2], []]
            """)
        #expect(document["top"] == .string("x"))
        #expect(document["auth.site_url"] == .string("http://127.0.0.1:3000"))
        #expect(document["auth.additional_redirect_urls"] == .array([.string("https://a.example"), .string("C:\\literal")]))
        #expect(document["auth.jwt_expiry"] == .integer(3600))
        #expect(document["auth.enabled"] == .bool(true))
        #expect(document["auth.quoted key"] == .bool(false))
        #expect(document["auth.email.otp_length"] == .integer(10))
        #expect(document["auth.ratio"] == .float(-1500))
        #expect(document["auth.escapes"] == .string("tab\t quote\" \u{e9} \u{1F600}"))
        #expect(document["auth.external.apple.enabled"] == .bool(false))
        #expect(document["auth.external.apple.nested"] == .array([.array([.integer(1), .integer(2)]), .array([])]))
        #expect(document.lines["auth.jwt_expiry"] == 8)
    }

    @Test(
        "refused with the line of the problem",
        arguments: [
            ("a = 1\na = 2", 2, "defined twice"),
            ("[a]\n[a]", 2, "defined twice"),
            ("a = 1\n[a]", 2, "is a value, not a table"),
            ("a = \"\"\"x\"\"\"", 1, "multi-line strings"),
            ("a = { b = 1 }", 1, "inline tables"),
            ("[[a]]", 1, "arrays of tables"),
            ("a = 1979-05-27", 1, "dates"),
            ("a = 07", 1, "leading zeros"),
            ("a = 1__0", 1, "not a number"),
            ("a = 9223372036854775808", 1, "out of range"),
            ("a = 1.", 1, "not a number"),
            ("a = \"open", 1, "not closed"),
            ("a = \"bad \\q\"", 1, "invalid escape"),
            ("\n\na = [1, 2", 3, "not closed"),
            ("a = 1 b = 2", 1, "end of the line"),
            ("= 1", 1, "expected a key"),
            ("a 1", 1, "expected ="),
            ("a = \"\\uD800\"", 1, "invalid escape"),
            ("a = nan", 1, "not a number"),
            ("a = [[[[[[[[[1]]]]]]]]]", 1, "nested more than"),
        ])
    func refused(text: String, line: Int, reason: String) {
        #expect { try parse(text) } throws: { error in
            guard let error = error as? TOMLError else { return false }
            return error.line == line && error.reason.contains(reason)
        }
    }

    @Test("bounds: a document over 1 MiB, and bytes that are not UTF-8, are refused")
    func bounds() {
        #expect(throws: TOMLError(line: 1, reason: "larger than \(TOMLDocument.maxBytes) bytes")) {
            try TOMLDocument(parsing: [UInt8](repeating: 0x20, count: TOMLDocument.maxBytes + 1))
        }
        #expect(throws: TOMLError(line: 1, reason: "not UTF-8")) { try TOMLDocument(parsing: Array("a = \"".utf8) + [0xff, 0x22]) }
    }
}
