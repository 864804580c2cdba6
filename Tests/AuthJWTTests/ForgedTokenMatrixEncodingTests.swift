import AuthJWT
import AuthTestSupport
import Testing

/// The forged-token matrix, encoding half: the compact serialization is parsed strictly, and
/// the bytes that were verified are the bytes that were parsed (identity-tokens.md §7 item 5,
/// CVE-2022-39227).
@Suite("Forged tokens: segments, base64url, JSON and size")
struct ForgedTokenMatrixEncodingTests {
    private func makeSUT() -> ForgedTokenFixture { ForgedTokenFixture() }

    private func segments(_ token: String) -> [String] {
        token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    // MARK: Truncation and segment count

    @Test("a token cut anywhere is refused with a typed error and never verifies")
    func truncatedAnywhere() {
        let sut = makeSUT()
        let token = Array(sut.genuine().utf8)
        for length in 0..<token.count {
            let cut = String(decoding: token[..<length], as: UTF8.self)
            #expect(sut.refusal(of: cut) != nil, "cut at \(length) of \(token.count)")
        }
    }

    @Test("specific truncations give the expected reason")
    func truncatedReasons() {
        let sut = makeSUT()
        let parts = segments(sut.genuine())
        #expect(sut.refusal(of: parts[0] + "." + parts[1] + ".") == .malformed("missing signature"))
        #expect(sut.refusal(of: parts[0] + "." + parts[1]) == .malformed("expected 3 segments, found 2"))
        #expect(
            sut.refusal(of: String((parts[0] + "." + parts[1] + "." + parts[2]).dropLast())) == .malformed("signature is not base64url"))
        #expect(sut.refusal(of: parts[0] + "." + parts[1] + "." + parts[2].dropLast(2)) == .invalidSignature)
        #expect(sut.refusal(of: "") == .malformed("expected 3 segments, found 1"))
    }

    @Test("two, four and five segments are refused", arguments: [2, 4, 5])
    func segmentCount(count: Int) {
        let sut = makeSUT()
        let parts = segments(sut.genuine())
        let token = (0..<count).map { parts[min($0, 2)] }.joined(separator: ".")
        let expected: IDTokenError = count == 2 ? .malformed("expected 3 segments, found 2") : .malformed("expected 3 segments, found more")
        #expect(sut.refusal(of: token) == expected)
    }

    @Test("empty header or payload segments are refused")
    func emptySegments() {
        let sut = makeSUT()
        let parts = segments(sut.genuine())
        #expect(sut.refusal(of: "." + parts[1] + "." + parts[2]) == .malformed("empty header or payload segment"))
        #expect(sut.refusal(of: parts[0] + ".." + parts[2]) == .malformed("empty header or payload segment"))
    }

    // MARK: base64url

    @Test(
        "non-base64url segments are refused: padding, plain base64, whitespace, non-ASCII",
        arguments: [
            ("=", 0), ("==", 1), ("+", 1), ("/", 0), (" ", 1), ("\n", 2), ("\u{00E9}", 1), ("%41", 0), ("&providerId=google", 2),
        ])
    func nonBase64URL(insert: String, segment: Int) {
        let sut = makeSUT()
        var parts = segments(sut.genuine())
        parts[segment] += insert
        let name = ["header", "payload", "signature"][segment]
        #expect(sut.refusal(of: parts.joined(separator: ".")) == .malformed("\(name) is not base64url"))
    }

    @Test("a non-canonical encoding of a genuine signature (non-zero trailing bits) is refused")
    func nonCanonicalSignature() throws {
        let sut = makeSUT()
        var parts = segments(sut.genuine())
        // 256 bytes encode to 342 characters whose last one carries 4 unused bits.
        let last = try #require(parts[2].last)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        let index = try #require(alphabet.firstIndex(of: last))
        parts[2] = String(parts[2].dropLast()) + String(alphabet[index | 1])
        #expect(sut.refusal(of: parts.joined(separator: ".")) == .malformed("signature is not base64url"))
    }

    // MARK: JSON

    @Test(
        "a header or payload that is not a JSON object is refused",
        arguments: [
            "not json", "{", "[]", "\"RS256\"", "null", "{\"alg\":\"RS256\",}", "{\"alg\":\"RS256\"} {}", "\u{FEFF}{}",
        ])
    func nonJSON(text: String) {
        let sut = makeSUT()
        let header = sut.header().jsonString
        let payload = sut.claims().jsonString
        let badHeader = sut.refusal(of: sut.signRaw(header: text, payload: payload))
        let badPayload = sut.refusal(of: sut.signRaw(header: header, payload: text))
        #expect(badHeader?.malformedReason?.hasPrefix("header: ") == true, "\(String(describing: badHeader))")
        #expect(badPayload?.malformedReason?.hasPrefix("payload: ") == true, "\(String(describing: badPayload))")
    }

    @Test("invalid UTF-8 in a claim is refused")
    func invalidUTF8() {
        let sut = makeSUT()
        let input =
            Base64URL.encode(sut.header().serialized()) + "."
            + Base64URL.encode(Array(#"{"sub":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8))
        #expect(sut.refusal(of: input + ".AAAA")?.malformedReason?.hasPrefix("payload: invalid UTF-8") == true)
    }

    @Test(
        "duplicate keys are refused even under a genuine signature",
        arguments: [
            (#"{"alg":"none","kid":"W6WcOKB0aa","alg":"RS256"}"#, true),
            (#"{"kid":"ATTACKER01","alg":"RS256","kid":"W6WcOKB0aa"}"#, true),
            (#"{"sub":"victim","aud":"com.example.authcoordinator","sub":"001542.b041c0ffee0ddba11deadbeefcafe394d.1603"}"#, false),
            (#"{"aud":"com.attacker.app","aud":"com.example.authcoordinator"}"#, false),
            (#"{"nonce":"x","n\u006fnce":"y"}"#, false),
        ])
    func duplicateKeys(json: String, inHeader: Bool) {
        let sut = makeSUT()
        let token: String
        if inHeader {
            token = sut.signRaw(header: json, payload: sut.claims().jsonString)
        } else {
            var claims = sut.claims().jsonString
            claims.removeLast()
            token = sut.signRaw(header: sut.header().jsonString, payload: claims + "," + json.dropFirst())
        }
        let reason = sut.refusal(of: token)?.malformedReason
        #expect(reason?.hasPrefix(inHeader ? "header: duplicate key" : "payload: duplicate key") == true, "\(reason ?? "accepted")")
    }

    @Test("deeply nested claims are refused, not a stack overflow")
    func deepNesting() {
        let sut = makeSUT()
        var claims = sut.claims().jsonString
        claims.removeLast()
        let payload = claims + #","x":"# + String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000) + "}"
        #expect(
            sut.refusal(of: sut.signRaw(header: sut.header().jsonString, payload: payload))?.malformedReason?.contains("nesting too deep")
                == true)
    }

    // MARK: Size

    /// The shortest genuine token, padded with a claim, of at least `length` bytes.
    private func genuine(_ sut: ForgedTokenFixture, atLeast length: Int) -> String {
        let base = sut.genuine().utf8.count
        var padding = max(0, (length - base) * 3 / 4 - 16)
        while true {
            let token = sut.genuine { $0["padding"] = .string(String(repeating: "a", count: padding)) }
            if token.utf8.count >= length { return token }
            padding += 1
        }
    }

    @Test("a genuine token over 16 KB is refused with its length")
    func oversized() {
        let sut = makeSUT()
        let token = genuine(sut, atLeast: 16 * 1024 + 1)
        #expect(sut.refusal(of: token) == .oversized(token.utf8.count))
        #expect(sut.refusal(of: String(repeating: "A", count: 1 << 20)) == .oversized(1 << 20))
    }

    @Test("a genuine token of up to 16 KB verifies (the limit is inclusive)")
    func largestAccepted() throws {
        let sut = makeSUT()
        // Each padding byte adds one or two characters, so this lands on 16 383 or 16 384.
        let token = genuine(sut, atLeast: 16 * 1024 - 1)
        #expect(token.utf8.count >= 16 * 1024 - 1 && token.utf8.count <= 16 * 1024)
        #expect(try sut.verify(token).subject == ForgedTokenFixture.subject)
    }
}
