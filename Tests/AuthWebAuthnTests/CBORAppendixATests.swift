import AuthWebAuthn
import Testing

/// RFC 8949 Appendix A, "Examples of Encoded CBOR Data Items": every example decodes to its
/// value; the indefinite-length ones are refused, as WebAuthn's strict profile requires.
@Suite("CBOR: RFC 8949 Appendix A")
struct CBORAppendixATests {
    static let decoder = CBORDecoder(rules: .general)

    static let exact: [(String, CBORValue)] = [
        ("00", .unsigned(0)), ("01", .unsigned(1)), ("0a", .unsigned(10)), ("17", .unsigned(23)),
        ("1818", .unsigned(24)), ("1819", .unsigned(25)), ("1864", .unsigned(100)), ("1903e8", .unsigned(1000)),
        ("1a000f4240", .unsigned(1_000_000)), ("1b000000e8d4a51000", .unsigned(1_000_000_000_000)),
        ("1bffffffffffffffff", .unsigned(.max)),
        ("c249010000000000000000", .tagged(2, .bytes(hex("010000000000000000")))),
        ("3bffffffffffffffff", .negative(.max)),
        ("c349010000000000000000", .tagged(3, .bytes(hex("010000000000000000")))),
        ("20", .int(-1)), ("29", .int(-10)), ("3863", .int(-100)), ("3903e7", .int(-1000)),
        ("f4", .bool(false)), ("f5", .bool(true)), ("f6", .null), ("f7", .undefined),
        ("f0", .simple(16)), ("f8ff", .simple(255)),
        ("c074323031332d30332d32315432303a30343a30305a", .tagged(0, .text("2013-03-21T20:04:00Z"))),
        ("c11a514b67b0", .tagged(1, .unsigned(1_363_896_240))), ("c1fb41d452d9ec200000", .tagged(1, .float(1_363_896_240.5))),
        ("d74401020304", .tagged(23, .bytes([1, 2, 3, 4]))), ("d818456449455446", .tagged(24, .bytes(hex("6449455446")))),
        ("d82076687474703a2f2f7777772e6578616d706c652e636f6d", .tagged(32, .text("http://www.example.com"))),
        ("40", .bytes([])), ("4401020304", .bytes([1, 2, 3, 4])),
        ("60", .text("")), ("6161", .text("a")), ("6449455446", .text("IETF")), ("62225c", .text("\"\\")),
        ("62c3bc", .text("\u{00fc}")), ("63e6b0b4", .text("\u{6c34}")), ("64f0908591", .text("\u{10151}")),
        ("80", .array([])), ("83010203", .array([.int(1), .int(2), .int(3)])),
        ("8301820203820405", .array([.int(1), .array([.int(2), .int(3)]), .array([.int(4), .int(5)])])),
        ("98190102030405060708090a0b0c0d0e0f101112131415161718181819", .array((1...25).map { .int($0) })),
        ("a0", .map([])), ("a201020304", .map([CBORMapEntry(.int(1), .int(2)), CBORMapEntry(.int(3), .int(4))])),
        ("a26161016162820203", .map([CBORMapEntry(.text("a"), .int(1)), CBORMapEntry(.text("b"), .array([.int(2), .int(3)]))])),
        ("826161a161626163", .array([.text("a"), .map([CBORMapEntry(.text("b"), .text("c"))])])),
        (
            "a56161614161626142616361436164614461656145",
            .map(
                ["a", "b", "c", "d", "e"].map {
                    CBORMapEntry(.text($0), .text($0.uppercased()))
                })
        ),
    ]

    static let floats: [(String, Double)] = [
        ("f90000", 0.0), ("f98000", -0.0), ("f93c00", 1.0), ("fb3ff199999999999a", 1.1), ("f93e00", 1.5),
        ("f97bff", 65504.0), ("fa47c35000", 100_000.0), ("fa7f7fffff", 3.4028234663852886e+38),
        ("fb7e37e43c8800759c", 1.0e+300), ("f90001", 5.960464477539063e-8), ("f90400", 0.00006103515625),
        ("f9c400", -4.0), ("fbc010666666666666", -4.1), ("f97c00", .infinity), ("f9fc00", -.infinity),
        ("fa7f800000", .infinity), ("faff800000", -.infinity), ("fb7ff0000000000000", .infinity), ("fbfff0000000000000", -.infinity),
    ]

    static let nans = ["f97e00", "fa7fc00000", "fb7ff8000000000000"]

    static let indefinite = [
        "5f42010243030405ff", "7f657374726561646d696e67ff", "9fff", "9f018202039f0405ffff", "9f01820203820405ff",
        "83018202039f0405ff", "83019f0203ff820405",
        "9f0102030405060708090a0b0c0d0e0f101112131415161718181819ff", "bf61610161629f0203ffff", "826161bf61626163ff",
        "bf6346756ef563416d7421ff",
    ]

    @Test("each example decodes to its value", arguments: exact.indices)
    func decodes(index: Int) throws {
        let (encoded, value) = Self.exact[index]
        #expect(try Self.decoder.decode(hex(encoded)) == value)
    }

    @Test("examples without floats re-encode to the same bytes", arguments: exact.indices)
    func reencodes(index: Int) throws {
        let (encoded, value) = Self.exact[index]
        guard !encoded.hasPrefix("c1fb") else { return } // floats are written as doubles
        #expect(CBOREncoder.encode(value) == hex(encoded))
    }

    @Test("floats: half, single and double precision", arguments: floats.indices)
    func floatsDecode(index: Int) throws {
        let (encoded, expected) = Self.floats[index]
        guard case .float(let value) = try Self.decoder.decode(hex(encoded)) else {
            Issue.record("not a float")
            return
        }
        #expect(value == expected && value.sign == expected.sign)
    }

    @Test("NaN in every width", arguments: nans)
    func nan(encoded: String) throws {
        guard case .float(let value) = try Self.decoder.decode(hex(encoded)) else {
            Issue.record("not a float")
            return
        }
        #expect(value.isNaN)
    }

    @Test("indefinite-length examples are refused", arguments: indefinite)
    func indefiniteRefused(encoded: String) {
        #expect(throws: CBORError.self) { try Self.decoder.decode(hex(encoded)) }
        do { _ = try Self.decoder.decode(hex(encoded)) } catch { #expect(error.reason == .indefiniteLength) }
    }
}
