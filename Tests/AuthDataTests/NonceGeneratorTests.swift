import AuthData
import AuthJWT
import Testing

@Suite("Nonce generation")
struct NonceGeneratorTests {
    @Test("a nonce is 32 characters of 0-9A-Za-z-._")
    func shape() {
        let generator = NonceGenerator(source: .live)
        let allowed = Set(NonceGenerator.alphabet)
        #expect(allowed.count == 65)
        for _ in 0..<200 {
            let nonce = generator.make()
            #expect(nonce.count == 32)
            #expect(nonce.allSatisfy(allowed.contains))
        }
    }

    @Test("every character is equally likely (chi-square over 640,000 characters)")
    func uniformity() {
        let generator = NonceGenerator(source: .live)
        var counts: [Character: Int] = [:]
        for _ in 0..<20_000 {
            for character in generator.make() { counts[character, default: 0] += 1 }
        }
        let expected = 640_000.0 / 65.0
        let chiSquare = NonceGenerator.alphabet.reduce(0.0) { sum, character in
            let observed = Double(counts[character, default: 0])
            return sum + (observed - expected) * (observed - expected) / expected
        }
        // 64 degrees of freedom: mean 64, sd 11.3. 133 is about six sd above the mean (a chance
        // failure once in millions of runs); `byte % 65` instead of rejection sampling scores
        // about 2,400 here.
        #expect(chiSquare < 133, "chi-square \(chiSquare)")
    }

    @Test("bytes of 195 and above are rejected, not folded onto the alphabet")
    func rejectionSampling() {
        let source = RandomByteSource { count in Array(repeating: 0, count: count).enumerated().map { $0.offset % 2 == 0 ? 200 : 66 } }
        let nonce = NonceGenerator(source: source).make()
        // 66 % 65 == 1 → "1"; a modulo generator would also emit alphabet[200 % 65] == "5".
        #expect(nonce == String(repeating: "1", count: 32))
    }

    @Test("two nonces differ")
    func fresh() {
        let generator = NonceGenerator(source: .live)
        #expect(generator.make() != generator.make())
    }

    @Test("the hashed nonce is the lowercase hex SHA-256 of the raw nonce")
    func hash() {
        #expect(NonceGenerator.sha256Hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(NonceGenerator.sha256Hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }
}
