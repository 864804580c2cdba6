/// A new email + password account: the address, the password, and what the sign-up form
/// collected (the name, and metadata the app keeps on the user).
///
/// ```swift
/// let signUp = PasswordSignUp(email: "ada@example.com", password: Secret(typed),
///                             name: PersonName(givenName: "Ada", familyName: "Lovelace"))
/// try await login.execute(with: .passwordSignUp(signUp))
/// ```
public struct PasswordSignUp: Hashable, Sendable {
    /// The address the account signs in with.
    public var email: String
    /// The password; never printed or logged.
    public var password: Secret
    /// The person's name, when the form asked for it.
    public var name: PersonName?
    /// More user metadata (Supabase `user_metadata`; Firebase has no place for it and drops it).
    public var metadata: [String: String]

    /// Creates a sign-up.
    /// - Parameters:
    ///   - email: The address.
    ///   - password: The password.
    ///   - name: The name, if asked.
    ///   - metadata: Further metadata.
    public init(email: String, password: Secret, name: PersonName? = nil, metadata: [String: String] = [:]) {
        self.email = email
        self.password = password
        self.name = name
        self.metadata = metadata
    }
}
