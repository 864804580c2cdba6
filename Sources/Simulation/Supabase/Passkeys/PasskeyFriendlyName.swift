/// The `friendly_name` of a new passkey (GoTrue internal/utilities/passkey_name.go): the
/// authenticator's name for a well-known AAGUID (from the passkeydeveloper
/// passkey-authenticator-aaguids list), else `Passkey`. Only a few of that list's entries are kept.
enum PasskeyFriendlyName {
    private static let known: [String: String] = [
        "fbfc3007-154e-4ecc-8c0b-6e020557d7bd": "iCloud Keychain",
        "ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4": "Google Password Manager",
    ]

    /// The name for an AAGUID.
    /// - Parameter aaguid: The 16 bytes.
    /// - Returns: Its name, or `Passkey`.
    static func name(aaguid: [UInt8]) -> String {
        guard aaguid.count == 16, aaguid.contains(where: { $0 != 0 }) else { return "Passkey" }
        let hex = aaguid.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
        let parts = [
            hex.prefix(8), hex.dropFirst(8).prefix(4), hex.dropFirst(12).prefix(4), hex.dropFirst(16).prefix(4),
            hex.dropFirst(20),
        ]
        return known[parts.joined(separator: "-")] ?? "Passkey"
    }
}
