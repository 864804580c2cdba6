/// Why a file of users was refused as a whole. A seed is atomic: when any row is refused, no row
/// of any file is loaded, and the error names the first row refused.
public struct UserSeedError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file (its name as given), when the error belongs to one.
    public var file: String?
    /// The row, counted from 1 as a person counts them (a CSV file's header is not a row).
    public var row: Int?
    /// What is wrong, without the row's secrets (no password hash, no salt).
    public var message: String

    /// Creates an error.
    /// - Parameters:
    ///   - message: What is wrong.
    ///   - file: The file.
    ///   - row: The row, from 1.
    public init(_ message: String, file: String? = nil, row: Int? = nil) {
        self.message = message
        self.file = file
        self.row = row
    }

    /// `users.json row 3: email is invalid; nothing was imported`.
    public var description: String {
        let place = [file, row.map { "row \($0)" }].compactMap { $0 }.joined(separator: " ")
        return (place.isEmpty ? "" : place + ": ") + message + "; nothing was imported"
    }
}
