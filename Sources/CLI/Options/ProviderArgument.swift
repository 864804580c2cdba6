import ArgumentParser

/// A provider named on the command line (`login link google`, `login unlink email`): one of the
/// table's rows that the command takes, in any case. A name outside them is refused with the
/// accepted names listed, as for any list of values.
struct ProviderArgument<Rows: ProviderArgumentRows>: ExpressibleByArgument, Equatable, Sendable {
    /// The row named.
    let row: CLIProvider

    init?(argument: String) {
        guard let row = Self.rows.first(where: { $0.argument == argument.lowercased() }) else { return nil }
        self.row = row
    }

    /// The rows the command takes.
    static var rows: [CLIProvider] { CLIProvider.table.filter(Rows.accepts) }

    static var allValueStrings: [String] { rows.map(\.argument) }

    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }

    /// The help's list of the accepted names (`apple or google.`).
    static var help: ArgumentHelp { ArgumentHelp(CLIProvider.listed(rows) + ".") }

    /// Whether the row named is this one.
    static func == (lhs: ProviderArgument, rhs: CLIProvider) -> Bool { lhs.row == rhs }
}
