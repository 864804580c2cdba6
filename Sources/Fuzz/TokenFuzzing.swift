import AuthJWT

/// Fuzz entries for the token parser, the verifier and the key set.
enum TokenFuzzing {
    /// The bytes as a token. Property: a token verifies only with the signature the fixture key
    /// makes for its signing input (PKCS#1 v1.5 is deterministic, so there is exactly one).
    static func token(_ bytes: UnsafeBufferPointer<UInt8>) {
        let text = String(decoding: bytes, as: UTF8.self)
        if let jws = try? CompactJWS(parsing: text) {
            fuzzCheck(text.utf8.starts(with: jws.signingInput), "the signing input is not the token's own prefix")
        }
        for rawNonce in [FuzzFixture.rawNonce, nil] {
            do {
                _ = try FuzzFixture.verifier.verify(text, rawNonce: rawNonce, keys: FuzzFixture.keys, now: FuzzFixture.now)
                let jws = try CompactJWS(parsing: text)
                fuzzCheck(
                    jws.signature == FuzzFixture.signature(for: jws.signingInput), "a token verified with a signature the key did not make")
            } catch {
                _ = error.description
            }
        }
    }

    /// The bytes as header JSON text, a newline, and payload JSON text (or, without a newline, a
    /// payload under the fixture's header), signed with the fixture key so that every check after
    /// the signature is reached. Property: the verifier's answer matches ``PolicyModel``.
    static func signedClaims(_ bytes: UnsafeBufferPointer<UInt8>) {
        let input = Array(bytes)
        let header: [UInt8]
        let payload: [UInt8]
        if let newline = input.firstIndex(of: 0x0A) {
            (header, payload) = (Array(input[..<newline]), Array(input[(newline + 1)...]))
        } else {
            (header, payload) = (Array(#"{"alg":"RS256","kid":"FUZZKEY001"}"#.utf8), input)
        }
        let token = FuzzFixture.sign(header: header, payload: payload)
        for rawNonce in [FuzzFixture.rawNonce, nil] {
            let expected = PolicyModel.outcome(header: header, payload: payload, tokenLength: token.utf8.count, rawNonce: rawNonce)
            let actual: PolicyModel.Outcome
            do {
                let verified = try FuzzFixture.verifier.verify(token, rawNonce: rawNonce, keys: FuzzFixture.keys, now: FuzzFixture.now)
                fuzzCheck(verified.keyID == FuzzFixture.keyID, "verified under an unexpected kid")
                actual = .accepted
            } catch {
                _ = error.description
                actual = PolicyModel.Outcome(error)
            }
            fuzzCheck(actual == expected, "verifier said \(actual), the policy model \(expected)")
        }
    }

    /// The bytes as a JWKS document. Properties: every usable key is RSA of 2048 bits or more,
    /// the set survives a round trip, and the fixture's token verifies against the set exactly
    /// when the set publishes the fixture's key under its kid.
    static func jwks(_ bytes: UnsafeBufferPointer<UInt8>) {
        let set: JWKSet
        do { set = try JWKSet(jwksJSON: Array(bytes)) } catch {
            _ = error.description
            return
        }
        for keyID in set.keyIDs {
            guard let key = set.key(withID: keyID) else { return fuzzCheck(false, "a listed kid has no key") }
            fuzzCheck(key.keyID == keyID, "key stored under another kid")
            fuzzCheck(key.publicKey.keySizeInBits >= 2048, "a key under 2048 bits was accepted")
        }
        let again = try? JWKSet(jwksJSON: set.json.serialized())
        fuzzCheck(again?.keyIDs == set.keyIDs, "the key set does not survive a round trip")

        let fixtureKey = FuzzFixture.keys.key(withID: FuzzFixture.keyID)?.json
        let published = set.key(withID: FuzzFixture.keyID)?.json
        let sameKey = published?["n"] == fixtureKey?["n"] && published?["e"] == fixtureKey?["e"]
        let verified = (try? FuzzFixture.verifier.verify(seedToken, rawNonce: FuzzFixture.rawNonce, keys: set, now: FuzzFixture.now)) != nil
        fuzzCheck(verified == (published != nil && sameKey), "the fixture token verified against a different key, or not against its own")
    }

    /// A valid token signed by the fixture key.
    static let seedToken = FuzzFixture.sign(
        header: Array(#"{"kid":"FUZZKEY001","alg":"RS256"}"#.utf8),
        payload: Array(
            #"""
            {"iss":"https://appleid.apple.com","aud":"com.example.authcoordinator","exp":1767312000,"iat":1767225540,"sub":"001542.fuz\#
            z.1603","nonce":"\#(SHA256Hex.hash(FuzzFixture.rawNonce))"}
            """#
            .utf8))
}
