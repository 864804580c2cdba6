import AuthWebAuthn

/// Fuzz entries for WebAuthn's binary formats: the strict CBOR decoder, and authenticator data
/// (which embeds a COSE key and extensions in CBOR).
enum WebAuthnFuzzing {
    /// The bytes as one CBOR item under both rule sets. Properties: what `.webAuthn` reads,
    /// `.general` reads to the same value; what decodes re-encodes to bytes that decode to the same
    /// encoding (the encoder is canonical); when the item has no floats and its maps are in
    /// canonical order, re-encoding gives back the input exactly (strict decoding is one-to-one).
    static func cbor(_ bytes: UnsafeBufferPointer<UInt8>) {
        let input = Array(bytes)
        let general = try? CBORDecoder(rules: .general).decode(input)
        do {
            let strict = try CBORDecoder(rules: .webAuthn).decode(input)
            fuzzCheck(general.map { CBOREncoder.encode($0) == CBOREncoder.encode(strict) } == true, "the rule sets read different values")
        } catch {
            _ = error.description
        }
        guard let value = general else { return }
        let encoded = CBOREncoder.encode(value)
        guard let again = try? CBORDecoder(rules: .general).decode(encoded) else {
            return fuzzCheck(false, "the encoder wrote what the decoder refuses")
        }
        fuzzCheck(CBOREncoder.encode(again) == encoded, "re-encoding is not stable")
        if isCanonical(value) { fuzzCheck(encoded == input, "a canonical input re-encodes differently") }
    }

    /// The bytes as authenticator data. Properties: what parses has its 37 fixed bytes where the
    /// spec puts them; without extensions, writing it back with its own fields and reading that
    /// gives the same fields.
    static func authenticatorData(_ bytes: UnsafeBufferPointer<UInt8>) {
        let input = Array(bytes)
        let data: AuthenticatorData
        do { data = try AuthenticatorData(bytes: input) } catch {
            _ = error.description
            return
        }
        fuzzCheck(data.rpIDHash == Array(input[0..<32]) && data.flags.rawValue == input[32], "fixed fields misread")
        fuzzCheck((data.attestedCredentialData != nil) == data.flags.contains(.attestedCredentialData), "AT flag and data disagree")
        guard data.extensions == nil else { return }
        let written = AuthenticatorData.encode(
            rpIDHash: data.rpIDHash, flags: data.flags, signCount: data.signCount, attestedCredentialData: data.attestedCredentialData)
        guard let reread = try? AuthenticatorData(bytes: written) else {
            return fuzzCheck(
                false,
                "written authenticator data does not parse")
        }
        fuzzCheck(reread.signCount == data.signCount && reread.flags == data.flags, "counter or flags changed")
        fuzzCheck(reread.attestedCredentialData?.credentialID == data.attestedCredentialData?.credentialID, "credential ID changed")
    }

    /// Whether the encoder writes this value byte for byte as it was read: no floats (written as
    /// doubles) and every map's keys already in CTAP2 canonical order.
    private static func isCanonical(_ value: CBORValue) -> Bool {
        switch value {
        case .float: return false
        case .array(let items): return items.allSatisfy(isCanonical)
        case .tagged(_, let item): return isCanonical(item)
        case .map(let entries):
            let keys = entries.map { CBOREncoder.encode($0.key) }
            let ordered = zip(
                keys,
                keys.dropFirst()
            ).allSatisfy { $0.count != $1.count ? $0.count < $1.count : $0.lexicographicallyPrecedes($1) }
            return ordered && entries.allSatisfy { isCanonical($0.key) && isCanonical($0.value) }
        default: return true
        }
    }
}
