import AuthData
import AuthDomain

/// Asks on the terminal for a code the backend mailed, and tries it until the backend takes it:
/// a wrong code (`codeInvalid`) is asked again, an empty answer asks once more, Ctrl-D cancels
/// (exit 3). Each try opens the state directory anew, so no lock is held while the question
/// waits and `login mailbox --email E` in another shell shows the code (`login otp`,
/// `login password change`, `login password change-email`).
struct MailedCodePrompt {
    /// The first question.
    let question: String

    /// A prompt naming the address, the code and how to see it.
    /// - Parameters:
    ///   - global: The command's global options (repeated in the mailbox hint).
    ///   - address: The address the code went to.
    ///   - what: What the code is (`A reauthentication code`).
    init(global: GlobalOptions, address: String, what: String) {
        let hint = (["login mailbox --email", address] + global.repeatedArguments).joined(separator: " ")
        question = "\(what) was sent to \(address) (\(hint) shows it). Enter it: "
    }

    /// Asks until a try succeeds.
    /// - Parameter attempt: One try with the typed code; `true` when the code was refused as wrong.
    /// - Throws: The try's failures; cancelled at Ctrl-D.
    private func ask(_ attempt: (String) async throws -> Bool) async throws {
        var question = self.question
        while true {
            let typed = try Terminal.ask(question)
            guard !typed.isEmpty else {
                question = "Type the code (Ctrl-D cancels): "
                continue
            }
            guard try await attempt(typed) else { return }
            question = "That code is not valid; type it again (Ctrl-D cancels): "
        }
    }

    /// Asks until `step` succeeds in a state directory opened for each try.
    /// - Parameters:
    ///   - global: The command's global options.
    ///   - signIn: The sign-in gates, for a step that signs in.
    ///   - termsAccepted: Whether the terms were accepted beforehand.
    ///   - step: The step, given the typed code and the environment.
    /// - Throws: The step's other failures, reported; cancelled at Ctrl-D.
    func ask(
        global: GlobalOptions, signIn: SignInGates = .none, termsAccepted: Bool = false,
        _ step: @escaping @Sendable (Secret, LoginEnvironment) async throws(AuthError) -> Void
    ) async throws {
        try await ask { typed in
            let wrong = Locked(false)
            try await LoginEnvironment.run(global, signIn: signIn, termsAccepted: termsAccepted) { environment throws(AuthError) in
                do throws(AuthError) {
                    try await step(Secret(typed), environment)
                } catch .codeInvalid {
                    wrong.withLock { $0 = true }
                }
            }
            return wrong.current
        }
    }
}
