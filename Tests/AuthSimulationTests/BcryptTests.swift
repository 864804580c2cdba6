import Testing

@testable import AuthSimulation

/// bcrypt against published vectors: Openwall's crypt_blowfish test table (`wrapper.c`, the same
/// vectors as OpenBSD's regress tests), jBCrypt's `TestBCrypt`, and the `$2b$` non-ASCII vectors of
/// pyca/bcrypt's test suite. GoTrue's use of it: internal/crypto/password.go.
@Suite struct BcryptTests {
    struct Vector: Sendable, CustomTestStringConvertible {
        let password: [UInt8]
        let hash: String
        var testDescription: String { String(hash.prefix(29)) }
    }

    static let vectors: [Vector] = [
        Vector(password: Array("U*U".utf8), hash: "$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW"),
        Vector(password: Array("U*U*".utf8), hash: "$2a$05$CCCCCCCCCCCCCCCCCCCCC.VGOzA784oUp/Z0DY336zx7pLYAy0lwK"),
        Vector(password: Array("U*U*U".utf8), hash: "$2a$05$XXXXXXXXXXXXXXXXXXXXXOAcXxm9kjPGEMsLznoKqmqw7tc8WCx4a"),
        Vector(password: [], hash: "$2a$05$CCCCCCCCCCCCCCCCCCCCC.7uG0VCzI2bS7j6ymqJi9CdcdxiRTWNy"),
        Vector(
            password: Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf8),
            hash: "$2a$05$abcdefghijklmnopqrstuu5s2v8.iXieOjg/.AySBTTZIIVFJeBui"),
        Vector(password: [], hash: "$2a$06$DCq7YPn5Rq63x1Lad4cll.TV4S6ytwfsfvkgY8jIucDrjc8deX1s."),
        Vector(password: Array("a".utf8), hash: "$2a$06$m0CrhHm10qJ3lXRY.5zDGO3rS2KdeeWLuGmsfGlMfOxih58VYVfxe"),
        Vector(password: Array("abc".utf8), hash: "$2a$06$If6bvum7DFjUnE9p2uDeDu0YHzrHM6tf.iqN8.yx.jNN1ILEf7h0i"),
        Vector(
            password: Array("abcdefghijklmnopqrstuvwxyz".utf8),
            hash: "$2a$06$.rCVZVOThsIa97pEDOxvGuRRgzG64bvtJ0938xuqzv18d3ZpQhstC"),
        Vector(
            password: Array("~!@#$%^&*()      ~!@#$%^&*()PNBFRD".utf8),
            hash: "$2a$06$fPIsBO8qRqkjj273rfaOI.HtSV9jLDpTbZn782DC6/t7qT67P6FfO"),
        Vector(password: [0xff, 0xff, 0xa3], hash: "$2b$05$/OK.fbVrR/bpIqNJ5ianF.CE5elHaaO4EbggVDjb8P19RukzXSM3e"),
        Vector(password: [0xa3], hash: "$2b$05$/OK.fbVrR/bpIqNJ5ianF.Sa7shbm4.OzKpvFnX1pQLmQW96oUlCq"),
    ]

    @Test(arguments: vectors)
    func hashingWithThePublishedSaltGivesThePublishedHash(_ vector: Vector) throws {
        let parsed = try BcryptHash(parsing: vector.hash)
        let made = try Bcrypt.hash(vector.password, cost: parsed.cost, salt: parsed.salt, minor: parsed.minor)
        #expect(made == vector.hash)
        #expect(try Bcrypt.verify(vector.password, against: vector.hash))
        var other = vector.password.isEmpty ? [0x21] : vector.password
        other[0] ^= 0x01
        #expect(try !Bcrypt.verify(other, against: vector.hash))
    }

    @Test func onlyTheFirst72BytesCountWhenVerifying() throws {
        let base = Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf8)
        let stored = "$2a$05$abcdefghijklmnopqrstuu5s2v8.iXieOjg/.AySBTTZIIVFJeBui"
        #expect(try Bcrypt.verify(base + Array("chars after 72 are ignored".utf8), against: stored))
        #expect(throws: BcryptError.passwordTooLong(byteCount: 73)) {
            try Bcrypt.hash(base + [0x41], cost: Bcrypt.minimumCost)
        }
    }

    @Test func aFreshHashIsGoTruesShapeAndVerifies() throws {
        let password = Array("correct horse battery".utf8)
        let first = try Bcrypt.hash(password, cost: Bcrypt.minimumCost)
        let second = try Bcrypt.hash(password, cost: Bcrypt.minimumCost)
        #expect(first.hasPrefix("$2a$04$"))
        #expect(first.count == 60)
        #expect(first != second, "each hash has its own random salt")
        #expect(try Bcrypt.verify(password, against: first))
        #expect(try !Bcrypt.verify(Array("correct horse battery!".utf8), against: first))
    }

    @Test(arguments: [
        "",
        "$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOe",
        "$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeWW",
        "$2c$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW",
        "$2a$5$$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW",
        "$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOe=",
        "$2a$05$CCCCCCCCCCCCCCCCCCCCCDE5YPO9kmyuRGyh0XouQYb4YMJKvyOeW",
        "$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeX",
        "$argon2id$v=19$m=16,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA",
    ])
    func malformedStringsAreRefusedNotCrashed(_ text: String) {
        #expect(throws: BcryptError.malformedHash) { try Bcrypt.verify([], against: text) }
    }

    @Test func costsOutsideTheBoundsAreRefused() {
        let tail = "$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW"
        #expect(throws: BcryptError.costOutOfRange(3)) { try Bcrypt.verify([], against: "$2a$03" + tail) }
        #expect(throws: BcryptError.costOutOfRange(32)) { try Bcrypt.verify([], against: "$2a$32" + tail) }
        #expect(throws: BcryptError.costOutOfRange(31)) { try Bcrypt.verify([], against: "$2a$31" + tail) }
        #expect(throws: BcryptError.costOutOfRange(17)) { try Bcrypt.hash([], cost: 17) }
    }

    @Test func parsingRoundTripsEveryVector() throws {
        for vector in Self.vectors {
            #expect(try BcryptHash(parsing: vector.hash).encoded == vector.hash)
        }
    }

    @Test func theTableStartsAndEndsWithPisDigits() {
        #expect(BlowfishDigitsOfPi.words.count == 1042)
        #expect(BlowfishDigitsOfPi.words.first == 0x243F_6A88)
        #expect(BlowfishDigitsOfPi.words[18] == 0xD131_0BA6)
        #expect(BlowfishDigitsOfPi.words.last == 0x3AC3_72E6)
    }
}
