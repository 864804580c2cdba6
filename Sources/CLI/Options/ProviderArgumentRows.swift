/// Which rows of ``CLIProvider/table`` a command's provider argument takes.
protocol ProviderArgumentRows {
    /// Whether the command takes the row.
    /// - Parameter row: A row of the table.
    /// - Returns: Whether its name is accepted.
    static func accepts(_ row: CLIProvider) -> Bool
}
