import AuthWebAuthn
import Testing

/// The strict decoder's refusals, each a typed ``CBORError`` at the offending item. Sources:
/// RFC 8949 sections 3 (well-formedness), 4.2.1 (shortest arguments), 5.6 (duplicate keys are
/// invalid); WebAuthn Level 3 section 5.8 and go-webauthn's `protocol/webauthncbor` (definite
/// lengths, no duplicate keys, no tags, limited nesting), GoTrue's WebAuthn library (go.mod).
@Suite("CBOR: strict decoding")
struct CBORStrictnessTests {
    static let webAuthn = CBORDecoder(rules: .webAuthn)

    static func reason(_ bytes: [UInt8], _ decoder: CBORDecoder = webAuthn) -> CBORError.Reason? {
        do {
            _ = try decoder.decode(bytes)
            return nil
        } catch { return error.reason }
    }

    @Test("duplicate map keys, integer and text, are refused at the second key")
    func duplicateKeys() throws {
        #expect(Self.reason(hex("a2 01 02 01 03")) == .duplicateMapKey)
        #expect(Self.reason(hex("a2 6161 01 6161 02")) == .duplicateMapKey)
        do { _ = try Self.webAuthn.decode(hex("a2 01 02 01 03")) } catch { #expect(error.offset == 3) }
        // Equal values with different encodings are the same key (RFC 8949 section 5.6).
        let lax = CBORDecoder(rules: CBORRules(maxDepth: 4, maxBytes: 64, requireShortestArguments: false, allowTags: false))
        #expect(Self.reason(hex("a2 01 02 1801 03"), lax) == .duplicateMapKey)
        #expect(Self.reason(hex("a2 f93c00 01 fb3ff0000000000000 02"), lax) == .duplicateMapKey)
        #expect(try Self.webAuthn.decode(hex("a2 01 02 20 03")).mapValue?.count == 2)
    }

    @Test(
        "arguments must be in their shortest form",
        arguments: [
            "1817", "190017", "1a00000017", "1b0000000000000017", "5801ff",
            "790001 61", "980100", "b8 01 01 01", "3817",
        ])
    func shortest(encoded: String) {
        #expect(Self.reason(hex(encoded)) == .nonShortestEncoding)
        let lax = CBORDecoder(rules: CBORRules(maxDepth: 4, maxBytes: 64, requireShortestArguments: false, allowTags: false))
        #expect(Self.reason(hex(encoded), lax) == nil)
    }

    @Test("tags are refused under WebAuthn's rules and read under the general ones")
    func tags() throws {
        #expect(Self.reason(hex("c0 60")) == .tagNotAllowed)
        #expect(try CBORDecoder(rules: .general).decode(hex("c0 60")) == .tagged(0, .text("")))
    }

    @Test("nesting: 8 levels are read, 9 refused")
    func depth() {
        #expect(Self.reason(Array(repeating: 0x81, count: 8) + [0x80]) == nil)
        #expect(Self.reason(Array(repeating: 0x81, count: 9) + [0x80]) == .tooDeep)
        // Map values nest too: {1: {1: ... {}}} nine deep.
        #expect(Self.reason(Array([[UInt8]](repeating: [0xA1, 0x01], count: 9).joined()) + [0xA0]) == .tooDeep)
    }

    @Test("inputs above the size bound are refused before reading")
    func size() {
        let big = [0x5A, 0x00, 0x01, 0x00, 0x00] + [UInt8](repeating: 0, count: 65536)
        #expect(Self.reason(big) == .tooLarge)
        #expect(Self.reason(big, CBORDecoder(rules: .general)) == nil)
    }

    @Test("lengths and counts beyond the input are refused without allocating")
    func lengths() {
        #expect(Self.reason(hex("9b ffffffffffffffff")) == .lengthExceedsInput)
        #expect(Self.reason(hex("bb 7fffffffffffffff")) == .lengthExceedsInput)
        #expect(Self.reason(hex("5b ffffffffffffffff")) == .lengthExceedsInput)
        #expect(Self.reason(hex("62 61")) == .lengthExceedsInput)
        #expect(Self.reason(hex("82 01")) == .lengthExceedsInput)
        #expect(Self.reason(hex("82 01 19 01")) == .truncated)
        #expect(Self.reason(hex("19 01")) == .truncated)
        #expect(Self.reason([]) == .truncated)
    }

    @Test("malformed items: reserved info, a lone break, short simple values, bad UTF-8, trailing bytes")
    func malformed() {
        #expect(Self.reason(hex("1c")) == .reservedAdditionalInfo)
        #expect(Self.reason(hex("5d")) == .reservedAdditionalInfo)
        #expect(Self.reason(hex("fc")) == .reservedAdditionalInfo)
        #expect(Self.reason(hex("ff")) == .indefiniteLength)
        #expect(Self.reason(hex("f8 10")) == .invalidSimpleValue)
        #expect(Self.reason(hex("62 c3 28")) == .invalidUTF8)
        #expect(Self.reason(hex("63 ed a0 80")) == .invalidUTF8) // a UTF-16 surrogate
        #expect(Self.reason(hex("01 02")) == .trailingBytes)
    }

    @Test("decodePrefix reads one item and says where it ends, as authenticator data needs")
    func prefix() throws {
        let (value, end) = try Self.webAuthn.decodePrefix(hex("ff a1 01 02 99"), from: 1)
        #expect(value == .map([CBORMapEntry(.int(1), .int(2))]))
        #expect(end == 4)
    }

    @Test("the encoder writes CTAP2 canonical maps, which the strict decoder reads back")
    func canonicalMaps() throws {
        let value = CBORValue.map([
            CBORMapEntry(.text("authData"), .bytes([1])), CBORMapEntry(.int(-1), .int(1)), CBORMapEntry(.text("fmt"), .text("none")),
            CBORMapEntry(.int(3), .int(-7)), CBORMapEntry(.int(1), .int(2)), CBORMapEntry(.text("attStmt"), .map([])),
        ])
        let encoded = CBOREncoder.encode(value)
        #expect(encoded.prefix(7) == hex("a6 01 02 03 26 20 01")[...])
        #expect(
            try Self.webAuthn.decode(encoded).mapValue?.map(\.key) == [
                .int(1), .int(3), .int(-1), .text("fmt"), .text("attStmt"), .text("authData"),
            ])
    }

    @Test("error descriptions name the rule and the offset, never the bytes")
    func descriptions() {
        let error = CBORError(.duplicateMapKey, at: 3)
        #expect(error.description == "CBOR: duplicate map key at byte 3")
    }
}
