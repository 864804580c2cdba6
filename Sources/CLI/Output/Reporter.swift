import AuthDomain
import AuthJWT
import AuthPresentation
import AuthSimulation
import Foundation

/// Prints what happened: a few human lines, or one JSON object on stdout with `--json`. Tokens
/// appear only as a redacted prefix (`login token` is the one exception, on request). Text that
/// comes from elsewhere (names, emails, a server's messages) is escaped for the terminal.
struct Reporter: Sendable {
    let json: Bool
    /// Whether `--verbose` was given: failures then also print the developer detail.
    var verbose = false

    /// Prints an event: a headline and aligned `label  value` lines, or one JSON object.
    /// - Parameters:
    ///   - event: The JSON `event`.
    ///   - headline: The first human line.
    ///   - fields: The JSON fields besides `event`.
    ///   - lines: The human lines under the headline.
    func emit(event: String, headline: String, fields: JSONObject, lines: [(String, String)]) {
        if json {
            var object: JSONObject = ["event": .string(event)]
            for entry in fields { object[entry.key] = entry.value }
            write(object.jsonString)
            return
        }
        let rows = TerminalText.columns(lines.map { ($0.0, TerminalText.escaped($0.1)) })
        write(([TerminalText.escaped(headline)] + rows).joined(separator: "\n"))
    }

    /// Prints a note for people on stderr (`note: …`), so `--json`'s stdout stays one object.
    /// - Parameters:
    ///   - text: The note.
    ///   - label: `note` or `warning`.
    func note(_ text: String, label: String = "note") {
        FileHandle.standardError.write(Data((label + ": " + TerminalText.escaped(text) + "\n").utf8))
    }

    /// Writes one line on stdout, unbuffered (a watch prints as events happen).
    func write(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// Prints a failure and returns the exit to end with. A cancellation prints `Sign-in
    /// cancelled.`-style text on stdout (it is not an error to show); everything else goes to
    /// stderr as `error: …`, or to stdout as `{"error": {…}}` with `--json`.
    /// - Parameter failure: What failed.
    /// - Returns: The exit.
    @discardableResult
    func fail(_ failure: CommandFailure, detail: String? = nil) -> CLIExit {
        if json {
            var error: JSONObject = ["code": .string(failure.code), "message": .string(failure.message)]
            if verbose, let detail { error["detail"] = .string(detail) }
            write(JSONObject(dictionaryLiteral: ("error", .object(error))).jsonString)
        } else if failure.exit == .cancelled {
            write(TerminalText.escaped(failure.message))
        } else {
            var text = "error: " + TerminalText.escaped(Self.sentenceCaseLowered(failure.message)) + "\n"
            if verbose, let detail, detail != failure.message { text += "detail: " + TerminalText.escaped(detail) + "\n" }
            FileHandle.standardError.write(Data(text.utf8))
        }
        return failure.exit
    }

    /// The message as the rest of an `error: …` line: its first word in lower case, unless it
    /// is a name (Apple, Supabase) or an acronym (HTTP).
    static func sentenceCaseLowered(_ message: String) -> String {
        let word = message.prefix { $0.isLetter || $0 == "'" }
        let names: Set<Substring> = ["Apple", "Google", "Supabase", "Firebase", "GoTrue", "Email", "I"]
        guard let first = word.first, first.isUppercase, !names.contains(word), !word.dropFirst().contains(where: \.isUppercase)
        else { return message }
        return first.lowercased() + message.dropFirst()
    }

    /// Reports any failure a command threw and returns the exit to end with.
    /// - Parameters:
    ///   - error: An ``AuthError``, a ``CommandFailure``, an already reported ``CLIExit``, or
    ///     anything else (reported as an internal failure).
    ///   - options: The global options (hints name the flags in use).
    /// - Returns: The exit.
    func report(_ error: any Error, options: GlobalOptions?) -> CLIExit {
        switch error {
        case let exit as CLIExit: return exit
        case let failure as CommandFailure: return fail(failure)
        case let authError as AuthError: return fail(ErrorReport.failure(for: authError, options: options), detail: authError.description)
        case let seed as UserSeedError: return fail(CommandFailure(code: "seed_refused", message: seed.description, exit: .refused))
        default: return fail(CommandFailure(code: "internal", message: "Something went wrong: \(error)", exit: .refused))
        }
    }

    // MARK: - Shared shapes

    func userJSON(_ user: AuthUser) -> JSONValue {
        .object([
            "id": .string(user.id), "email": user.email.map(JSONValue.string) ?? .null, "isPrivateEmail": .bool(user.isPrivateRelayEmail),
            "displayName": user.displayName.map(JSONValue.string) ?? .null,
            "providers": .array(Self.linkedProviders(user).map { .string($0.rawValue) }), "isAnonymous": .bool(user.isAnonymous),
        ])
    }

    func sessionJSON(_ session: AuthSession) -> JSONValue {
        .object([
            "expiresAt": .string(RFC3339.formatSeconds(session.expiresAt)),
            "accessToken": .string(session.accessToken.redacted),
        ])
    }

    func userLines(_ user: AuthUser) -> [(String, String)] {
        let providers = Self.linkedProviders(user)
        return [
            ("user id", user.id),
            ("email", user.email.map { $0 + (user.isPrivateRelayEmail ? " (Hide My Email relay)" : "") } ?? "(none)"),
            ("name", user.displayName ?? "(unknown)"),
            (
                "providers",
                user.isAnonymous ? "none (a guest account)" : providers.map { AuthErrorMessages.name(of: $0) }.joined(separator: ", ")
            ),
        ]
    }

    func sessionLines(_ session: AuthSession) -> [(String, String)] {
        [("expires", RFC3339.formatSeconds(session.expiresAt)), ("access token", session.accessToken.redacted)]
    }

    /// The identities a user has, guests having none (Firebase lists none for them; a Supabase
    /// guest's `anonymous` marker is not an identity either), so text and JSON agree.
    static func linkedProviders(_ user: AuthUser) -> [ProviderID] {
        user.providers.filter { $0 != .anonymous }
    }
}
