import AuthJWT
import AuthTestSupport
import Testing

/// The forged-token matrix, claims half: genuinely signed tokens whose claims are not for us, not
/// for now, or not bound to our nonce (identity-tokens.md §7 items 7–10).
@Suite("Forged tokens: issuer, audience, time, subject and nonce")
struct ForgedTokenMatrixClaimTests {
    private func makeSUT() -> ForgedTokenFixture { ForgedTokenFixture() }
    private static let now = ForgedTokenFixture.now
    private static let us = ForgedTokenFixture.clientID
    private static let them = ForgedTokenFixture.otherClientID

    // MARK: iss

    @Test(
        "a wrong issuer is refused",
        arguments: [
            "https://appleid.apple.com/", "http://appleid.apple.com", "https://APPLEID.apple.com", "appleid.apple.com",
            "https://accounts.google.com", "https://appleid.apple.com.attacker.example", "",
        ])
    func wrongIssuer(issuer: String) {
        let sut = makeSUT()
        #expect(sut.refusal(of: sut.genuine { $0["iss"] = .string(issuer) }) == .invalidIssuer(issuer))
    }

    @Test("a missing or non-string issuer is refused", arguments: [nil, JSONValue.null, .array([.string("https://appleid.apple.com")])])
    func missingIssuer(issuer: JSONValue?) {
        let sut = makeSUT()
        #expect(sut.refusal(of: sut.genuine { $0["iss"] = issuer }) == .invalidIssuer(nil))
    }

    @Test("Apple's 2025 account.apple.com issuer is accepted")
    func alternateAppleIssuer() throws {
        let sut = makeSUT()
        #expect(try sut.verify(sut.genuine { $0["iss"] = .string("https://account.apple.com") }).issuer == "https://account.apple.com")
    }

    // MARK: aud / azp

    @Test("a token for another client id is refused")
    func wrongAudience() {
        let sut = makeSUT()
        #expect(sut.refusal(of: sut.genuine { $0["aud"] = .string(Self.them) }) == .invalidAudience([Self.them]))
    }

    @Test("an audience array without us is refused, whatever azp says")
    func audienceArrayWithoutUs() {
        let sut = makeSUT()
        let token = sut.genuine {
            $0["aud"] = .array([.string(Self.them), .string("com.other.app")])
            $0["azp"] = .string(Self.us)
        }
        #expect(sut.refusal(of: token) == .invalidAudience([Self.them, "com.other.app"]))
    }

    @Test(
        "an audience array with us and another party needs azp to be ours",
        arguments: [nil, JSONValue.string(ForgedTokenFixture.otherClientID), .int(1)])
    func audienceArrayNeedsOurAzp(azp: JSONValue?) {
        let sut = makeSUT()
        let token = sut.genuine {
            $0["aud"] = .array([.string(Self.us), .string(Self.them)])
            $0["azp"] = azp
        }
        #expect(sut.refusal(of: token) == .invalidAudience([Self.us, Self.them]))
    }

    @Test("a missing, empty, null or numeric audience is refused", arguments: [nil, JSONValue.array([]), .null, .int(1)])
    func missingAudience(aud: JSONValue?) {
        let sut = makeSUT()
        #expect(sut.refusal(of: sut.genuine { $0["aud"] = aud }) == .invalidAudience([]))
    }

    @Test("an audience array with a non-string entry is refused")
    func audienceArrayWithNonString() {
        let sut = makeSUT()
        #expect(sut.refusal(of: sut.genuine { $0["aud"] = .array([.string(Self.us), .int(7)]) }) == .invalidAudience([Self.us]))
    }

    @Test(
        "audience matching is exact",
        arguments: ["com.example.authcoordinator ", "COM.EXAMPLE.AUTHCOORDINATOR", "com.example.authcoordinator.evil"])
    func audienceExactMatch(aud: String) {
        let sut = makeSUT()
        #expect(sut.refusal(of: sut.genuine { $0["aud"] = .string(aud) }) == .invalidAudience([aud]))
    }

    @Test("an audience array containing us with azp ours verifies (positive control)")
    func audienceArrayWithOurAzp() throws {
        let sut = makeSUT()
        let token = sut.genuine {
            $0["aud"] = .array([.string(Self.us), .string(Self.them)])
            $0["azp"] = .string(Self.us)
        }
        #expect(try sut.verify(token).subject == ForgedTokenFixture.subject)
    }

    @Test("a one-element audience array with us verifies without azp")
    func singleAudienceArray() throws {
        let sut = makeSUT()
        #expect(try sut.verify(sut.genuine { $0["aud"] = .array([.string(Self.us)]) }).subject == ForgedTokenFixture.subject)
    }

    @Test("issuer and audience match byte for byte, not by Unicode canonical equivalence (U+212A KELVIN SIGN is K to Swift's ==)")
    func canonicallyEquivalentLookalikes() throws {
        let sut = makeSUT()
        #expect("com.example.\u{212A}iosk" == "com.example.Kiosk", "the premise: String == is canonical equivalence")
        let policy = IDTokenPolicy(
            issuers: ["https://Kelvin.example"], audiences: ["com.example.Kiosk"], clockSkew: 30, maxTokenLength: 16 * 1024,
            skipNonceCheck: false)
        let verifier = IDTokenVerifier(policy: policy)
        func verify(_ token: String) throws(IDTokenError) -> VerifiedIDToken {
            try verifier.verify(token, rawNonce: ForgedTokenFixture.rawNonce, keys: sut.keys, now: Self.now)
        }
        let genuine = sut.genuine {
            $0["iss"] = .string("https://Kelvin.example")
            $0["aud"] = .string("com.example.Kiosk")
        }
        #expect(try verify(genuine).subject == ForgedTokenFixture.subject)
        #expect(throws: IDTokenError.invalidAudience(["com.example.\u{212A}iosk"])) {
            try verify(
                sut.genuine {
                    $0["iss"] = .string("https://Kelvin.example")
                    $0["aud"] = .string("com.example.\u{212A}iosk")
                })
        }
        #expect(throws: IDTokenError.invalidIssuer("https://\u{212A}elvin.example")) {
            try verify(
                sut.genuine {
                    $0["iss"] = .string("https://\u{212A}elvin.example")
                    $0["aud"] = .string("com.example.Kiosk")
                })
        }
    }

    // MARK: Time (30 s skew)

    @Test("an expired token is refused from exp + skew on", arguments: [0, 1, 3600])
    func expired(secondsPastSkew: Int64) {
        let sut = makeSUT()
        let token = sut.genuine { $0["exp"] = .int(Self.now - sut.skew - secondsPastSkew) }
        #expect(sut.refusal(of: token) == .expired)
    }

    @Test(
        "a missing or non-numeric exp is refused as expired",
        arguments: [
            nil, JSONValue.string("\(ForgedTokenFixture.now + 600)"), .null, .double(1e300), .double(Double(ForgedTokenFixture.now) + 0.5),
        ])
    func missingExpiry(exp: JSONValue?) {
        let sut = makeSUT()
        #expect(sut.refusal(of: sut.genuine { $0["exp"] = exp }) == .expired)
    }

    @Test("a token just inside the skew after exp verifies")
    func expiryWithinSkew() throws {
        let sut = makeSUT()
        #expect(try sut.verify(sut.genuine { $0["exp"] = .int(Self.now - sut.skew + 1) }).expiresAt == Self.now - sut.skew + 1)
    }

    @Test("an exp at the top of the 64-bit range neither traps nor expires")
    func expiryAtInt64Max() throws {
        let sut = makeSUT()
        #expect(try sut.verify(sut.genuine { $0["exp"] = .int(.max) }).expiresAt == .max)
    }

    @Test("a token issued in the future beyond the skew is refused", arguments: [1, 3600, Int64.max - ForgedTokenFixture.now - 30])
    func issuedInFuture(secondsPastSkew: Int64) {
        let sut = makeSUT()
        let token = sut.genuine { $0["iat"] = .int(Self.now + sut.skew + secondsPastSkew) }
        #expect(sut.refusal(of: token) == .issuedInFuture)
    }

    @Test("a missing or non-numeric iat is refused", arguments: [nil, JSONValue.string("\(ForgedTokenFixture.now)"), .bool(true)])
    func missingIssuedAt(iat: JSONValue?) {
        let sut = makeSUT()
        #expect(sut.refusal(of: sut.genuine { $0["iat"] = iat }) == .issuedInFuture)
    }

    @Test("a token issued within the skew in the future verifies")
    func issuedWithinSkew() throws {
        let sut = makeSUT()
        #expect(try sut.verify(sut.genuine { $0["iat"] = .int(Self.now + sut.skew) }).issuedAt == Self.now + sut.skew)
    }

    @Test(
        "a token not valid before a time beyond the skew is refused",
        arguments: [JSONValue.int(ForgedTokenFixture.now + 31), .int(ForgedTokenFixture.now + 86_400), .int(.max), .string("0"), .null])
    func notYetValid(nbf: JSONValue) {
        let sut = makeSUT()
        #expect(sut.refusal(of: sut.genuine { $0["nbf"] = nbf }) == .notYetValid)
    }

    @Test(
        "nbf within the skew (Google's iat - 300) verifies",
        arguments: [ForgedTokenFixture.now + 30, ForgedTokenFixture.now - 300, Int64.min])
    func notBeforeAccepted(nbf: Int64) throws {
        let sut = makeSUT()
        #expect(try sut.verify(sut.genuine { $0["nbf"] = .int(nbf) }).subject == ForgedTokenFixture.subject)
    }

    // MARK: sub

    @Test(
        "a missing, empty, non-string or over-long sub is refused",
        arguments: [nil, JSONValue.string(""), .int(1542), .null, .array([.string("a")]), .string(String(repeating: "1", count: 256))])
    func missingSubject(sub: JSONValue?) {
        let sut = makeSUT()
        #expect(sut.refusal(of: sut.genuine { $0["sub"] = sub }) == .missingSubject)
    }

    @Test("a sub of exactly 255 bytes verifies")
    func longestSubject() throws {
        let sut = makeSUT()
        let sub = String(repeating: "1", count: 255)
        #expect(try sut.verify(sut.genuine { $0["sub"] = .string(sub) }).subject == sub)
    }

    // MARK: nonce

    @Test(
        "a raw nonce that does not hash to the token's nonce is refused",
        arguments: ["another-raw-nonce", ForgedTokenFixture.rawNonce + " ", ""])
    func nonceMismatch(raw: String) {
        let sut = makeSUT()
        let expected: IDTokenError = raw.isEmpty ? .nonceMissingInRequest : .nonceMismatch
        #expect(sut.refusal(of: sut.genuine(), rawNonce: raw) == expected)
    }

    @Test(
        "a token nonce that is the raw nonce itself, or its hash in upper case, is a mismatch",
        arguments: [ForgedTokenFixture.rawNonce, SHA256Hex.hash(ForgedTokenFixture.rawNonce).uppercased()])
    func nonceNotLowercaseHash(claim: String) {
        let sut = makeSUT()
        #expect(sut.refusal(of: sut.genuine { $0["nonce"] = .string(claim) }) == .nonceMismatch)
    }

    @Test("a token with a nonce sent without the raw nonce is refused")
    func nonceMissingInRequest() {
        let sut = makeSUT()
        #expect(sut.refusal(of: sut.genuine(), rawNonce: nil) == .nonceMissingInRequest)
    }

    @Test(
        "a raw nonce sent with a token without one (or with an empty or non-string one) is refused",
        arguments: [nil, JSONValue.string(""), .int(1), .null])
    func nonceMissingInToken(claim: JSONValue?) {
        let sut = makeSUT()
        #expect(sut.refusal(of: sut.genuine { $0["nonce"] = claim }) == .nonceMissingInToken)
    }

    @Test("a non-string nonce claim with no raw nonce is refused rather than skipped", arguments: [JSONValue.int(1), .null, .bool(false)])
    func nonStringNonceWithoutRawNonce(claim: JSONValue) {
        let sut = makeSUT()
        #expect(sut.refusal(of: sut.genuine { $0["nonce"] = claim }, rawNonce: nil) == .nonceMismatch)
    }

    @Test("no nonce on either side verifies (the nonce rule is symmetric, not mandatory)")
    func noNonceEitherSide() throws {
        let sut = makeSUT()
        #expect(try sut.verify(sut.genuine { $0["nonce"] = nil }, rawNonce: nil).nonce == nil)
    }
}
