/// Identifies a way of signing in: an identity provider or a backend-native method.
///
/// An open set: unknown ids still decode, so a provider added on the server does not break an
/// older client. The four the package ships strategies for are static members.
///
/// ```swift
/// let provider: ProviderID = .apple
/// print(provider.rawValue) // "apple"
/// ```
public struct ProviderID: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// The provider's stable identifier, as used in configuration and on the CLI.
    public let rawValue: String

    /// Creates a provider id from its raw identifier.
    /// - Parameter rawValue: The identifier, for example `"apple"`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Creates a provider id from a string literal.
    /// - Parameter value: The identifier.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// Creates a provider id from a single string, for `Codable`.
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when the value is not a string.
    public init(from decoder: any Decoder) throws {
        self.rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the id as a single string.
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: Whatever the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The raw identifier.
    public var description: String { rawValue }

    /// Sign in with Apple.
    public static let apple: ProviderID = "apple"
    /// Google Sign-In.
    public static let google: ProviderID = "google"
    /// An anonymous guest account.
    public static let anonymous: ProviderID = "anonymous"
    /// A one-time code sent by email.
    public static let emailCode: ProviderID = "email"
    /// The earlier name of ``emailCode``.
    @available(*, deprecated, renamed: "emailCode")
    public static let emailOTP: ProviderID = emailCode
    /// An email address and a password (Supabase's `email` identity, Firebase's `password`
    /// provider).
    public static let password: ProviderID = "password"
}
