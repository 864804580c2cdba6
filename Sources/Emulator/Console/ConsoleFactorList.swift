/// The user page's second factors: each TOTP factor with the code an authenticator app shows now
/// and the seconds it has left, as the mail page shows mailed codes (this emulator's window on
/// the secrets; the secret itself is never shown).
enum ConsoleFactorList {
    /// The section, or nothing for a user without factors.
    /// - Parameter user: The user.
    /// - Returns: The heading and table.
    static func section(_ user: ConsoleUserDetail) -> HTML {
        guard !user.factors.isEmpty else { return "" }
        let rows = user.factors.map { factor -> HTML in
            """
            <tr><th scope="row">\(factor.name.isEmpty ? "—" : factor.name)</th><td\
             class="mono">\(factor.id)</td><td>\(factor.status)</td>\
            <td class="mono code">\(factor.code)</td><td>\(factor.secondsLeft) s</td></tr>

            """
        }
        return """
            <h2 id="factors">Second factors</h2>
            \(ConsoleFormat.table(id: "factors-caption", caption: "TOTP factors and their current codes (reload for the next)",
                                  headers: ["Name", "Factor", "Status", "Code now", "Left"], rows: rows))
            """
    }
}
