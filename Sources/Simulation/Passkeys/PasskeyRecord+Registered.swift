import AuthWebAuthn

extension PasskeyRecord {
    /// The row as the relying party checks an assertion against it (its BE and BS flags).
    var registered: RegisteredCredential {
        var flags: AuthenticatorFlags = [.userPresent]
        if backupEligible { flags.insert(.backupEligible) }
        if backedUp { flags.insert(.backedUp) }
        return RegisteredCredential(
            credentialID: credentialID, publicKey: publicKey, signCount: signCount, aaguid: aaguid,
            attestationFormat: attestationType, flags: flags)
    }
}
