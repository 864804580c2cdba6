import AuthData
import AuthDomain
import AuthSimulation

/// Apple's first-authorization sheet on a terminal: the name and the share/hide choice, asked
/// before the command takes the state directory's lock (only when the sheet will be a first one
/// and the options do not already answer), and what a returning sign-in could not use.
struct AppleSheetQuestions: Sendable {
    /// The name given on the command line.
    var name: PersonName?
    /// The email choice given on the command line.
    var hideEmail: Bool?

    /// Asks what the options leave open, when the next sheet is a first authorization.
    /// - Parameters:
    ///   - options: The global options.
    ///   - appleID: The Apple ID of `--email`.
    /// - Returns: The choice for the sheet.
    /// - Throws: A reported ``CLIExit``, or ``CommandFailure`` (cancelled) on Ctrl-D.
    func ask(_ options: GlobalOptions, appleID: String?) async throws -> AppleSheetChoice {
        var choice = AppleSheetChoice(name: name, hideEmail: hideEmail ?? false)
        guard Terminal.isInteractive, !options.json, name == nil || hideEmail == nil,
            try await LoginEnvironment.isFirstAppleAuthorization(options, appleID: appleID) == true
        else { return choice }
        if name == nil {
            while true {
                let typed = try Terminal.ask("Apple: your name, as \"Given Family\" (Enter to skip): ")
                if typed.isEmpty { break }
                if let parsed = PersonName.parsing(typed) {
                    choice.name = parsed
                    break
                }
            }
        }
        if hideEmail == nil {
            choice.hideEmail =
                try Terminal.choose("Apple: share your email or hide it? [s]hare/[h]ide: ", among: ["share", "hide"]) == "hide"
        }
        return choice
    }

    /// Notes for options a sign-in could not use: Apple sends the name and the email choice on
    /// the app's first authorization only.
    /// - Parameter firstAuthorization: Whether the sheet was a first authorization.
    /// - Returns: The notes.
    func notes(firstAuthorization: Bool?) -> [String] {
        guard firstAuthorization == false else { return [] }
        var notes: [String] = []
        if name != nil {
            notes.append(
                """
                --name was not used: Apple gives the name only on the app's first authorization, and this Apple ID has authorized it\
                 before
                """
            )
        }
        if hideEmail != nil {
            notes.append("--hide-email/--share-email was not used: the email choice is made on the first authorization only")
        }
        return notes
    }
}
