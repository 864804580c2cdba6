import AuthSimulation

/// The fuzz entry for the parser of stored bcrypt strings (GoTrue's `encrypted_password`).
enum PasswordFuzzing {
    /// The bytes as a bcrypt string. Properties: what parses re-encodes to the same text
    /// (one text per hash); at cost 4 or 5 `Bcrypt.verify` answers without trapping, and a
    /// hash made from the parsed salt with the input as password verifies.
    static func bcrypt(_ bytes: UnsafeBufferPointer<UInt8>) {
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.utf8.elementsEqual(bytes), let parsed = try? BcryptHash(parsing: text) else { return }
        fuzzCheck(parsed.encoded == text, "a non-canonical bcrypt string parsed")
        guard parsed.cost <= 5 else { return }
        _ = try? Bcrypt.verify(Array(bytes), against: text)
        let password = Array(bytes.prefix(Bcrypt.maximumPasswordBytes))
        let made = try? Bcrypt.hash(password, cost: parsed.cost, salt: parsed.salt, minor: parsed.minor)
        fuzzCheck(made.map { (try? Bcrypt.verify(password, against: $0)) == true } == true, "a fresh hash does not verify")
    }
}
