import Foundation

/// Where a Supabase project (or the emulator) is and how to call it.
public struct SupabaseConfiguration: Sendable, Hashable {
    /// The project URL (`https://<ref>.supabase.co`, or `http://127.0.0.1:9999` for the emulator).
    public var projectURL: URL
    /// The anon (publishable) key, sent as `apikey` and as the bearer of public calls.
    public var apiKey: String
    /// `X-Client-Info`.
    public var clientInfo: String
    /// The account-deletion Edge Function (default `<project>/functions/v1/delete-account`).
    public var deleteAccountFunctionURL: URL
    /// Seconds between two emails to one user, as the project is configured (60 by default).
    public var emailResendInterval: TimeInterval

    /// Creates a configuration.
    /// - Parameters:
    ///   - projectURL: The project URL.
    ///   - apiKey: The anon key.
    public init(projectURL: URL, apiKey: String) {
        self.projectURL = projectURL
        self.apiKey = apiKey
        self.clientInfo = "authcoordinator-swift/0.1"
        self.deleteAccountFunctionURL = projectURL.appendingPathComponent("functions/v1/delete-account")
        self.emailResendInterval = 60
    }

    /// The Auth API base (`<project>/auth/v1`).
    public var authURL: URL { projectURL.appendingPathComponent("auth/v1") }
}
