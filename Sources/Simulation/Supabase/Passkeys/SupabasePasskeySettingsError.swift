/// A passkey setting GoTrue would refuse to start with.
public enum SupabasePasskeySettingsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The variable and what is wrong with it.
    case invalid(String, String)

    /// The variable and the rule, never its value.
    public var description: String {
        switch self {
        case .invalid(let name, let why): "\(name) \(why)"
        }
    }
}
