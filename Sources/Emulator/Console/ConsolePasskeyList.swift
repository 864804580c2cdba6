/// The user page's passkeys: each with its name, when it was registered and last used, and the
/// counter the relying party stored from the authenticator, with a button that removes it (as
/// GoTrue's `DELETE /admin/users/{user_id}/passkeys/{passkey_id}` does).
enum ConsolePasskeyList {
    /// The section, or nothing for a user without passkeys.
    /// - Parameters:
    ///   - user: The user.
    ///   - token: The console's form token.
    /// - Returns: The heading and table.
    static func section(_ user: ConsoleUserDetail, token: String) -> HTML {
        guard !user.passkeys.isEmpty else { return "" }
        let action = user.summary.key.path + "/" + ConsoleAction.deletePasskey(id: "").name
        let rows = user.passkeys.map { passkey -> HTML in
            let button = ConsoleFormat.postButton(
                "Remove", action: action, token: token, fields: [("passkey_id", passkey.id)],
                name: "Remove the passkey \(passkey.name)", danger: true)
            return """
                <tr><th scope="row">\(passkey.name)</th><td class="mono">\(passkey.id)</td>\
                <td>\(ConsoleFormat.time(passkey.createdAt))</td><td>\(ConsoleFormat.time(passkey.lastUsedAt, placeholder: "never"))</td>\
                <td class="sign-count">\(Int(passkey.signCount))</td><td>\(button)</td></tr>

                """
        }
        return """
            <h2 id="passkeys">Passkeys</h2>
            \(ConsoleFormat.table(id: "passkeys-caption", caption: "Passkeys, oldest first (times in UTC)",
                                  headers: ["Name", "Passkey", "Created", "Last used", "Sign count", "Action"], rows: rows))
            """
    }
}
