import ArgumentParser

extension Login {
    /// Parses a command without subcommands of its own (`login apple ...`) as the root of its own
    /// parse, which is what the root's parse ends with for such a command, minus the root's work:
    /// building the tree of every command's configuration, and the argument set of the command
    /// once more while the root's own (empty) options are parsed. Anything but the command itself
    /// (an error, `--help`, `--version`, a completion script, a command with subcommands) gives
    /// `nil`, and the caller parses from the root, so messages, help and exit statuses are the
    /// root's, as before. A completion-script request anywhere among the arguments is the root's
    /// too, so that a command that skips ArgumentParser's own look for one (`AppleCommand`) still
    /// answers it as before.
    /// - Parameter arguments: The arguments after the program name.
    /// - Returns: The parsed and validated command, or `nil` when the root must parse them.
    static func parseLeafCommand(_ arguments: [String]) -> sending (any ParsableCommand)? {
        guard let name = arguments.first, !name.hasPrefix("-"),
            !arguments.contains(where: { $0.hasPrefix("--generate-completion-script") }),
            let command = commands.first(where: { $0.configuration.commandName == name }),
            command.configuration.subcommands.isEmpty
        else { return nil }
        guard let parsed = try? command.parseAsRoot(Array(arguments.dropFirst())), type(of: parsed) == command else { return nil }
        return parsed
    }
}
