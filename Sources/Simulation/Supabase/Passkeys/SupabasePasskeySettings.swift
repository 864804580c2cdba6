import Foundation

/// GoTrue's passkey settings (internal/conf/configuration.go `PasskeyConfiguration` and
/// `WebAuthnConfiguration`), by their environment names. Off by default, as in GoTrue.
///
/// ```swift
/// let settings = try SupabasePasskeySettings(environment: [
///     "GOTRUE_PASSKEY_ENABLED": "true", "GOTRUE_WEBAUTHN_RP_ID": "localhost",
///     "GOTRUE_WEBAUTHN_RP_DISPLAY_NAME": "My App", "GOTRUE_WEBAUTHN_RP_ORIGINS": "http://localhost:3000",
/// ])
/// ```
public struct SupabasePasskeySettings: Sendable, Hashable {
    /// `GOTRUE_PASSKEY_ENABLED` (default `false`): without it every `/passkeys` route answers
    /// 404 `passkey_disabled` (internal/api/middleware.go `requirePasskeyEnabled`).
    public var enabled: Bool
    /// `GOTRUE_WEBAUTHN_RP_ID`: the relying party's ID, a registrable domain of the origins.
    public var rpID: String
    /// `GOTRUE_WEBAUTHN_RP_DISPLAY_NAME`: the name authenticators show.
    public var rpDisplayName: String
    /// `GOTRUE_WEBAUTHN_RP_ORIGINS` (comma-separated): the origins accepted in client data, exactly.
    public var rpOrigins: [String]
    /// `GOTRUE_PASSKEY_MAX_PASSKEYS_PER_USER` (default 10): over it, 422 `too_many_passkeys`.
    public var maxPasskeysPerUser: Int
    /// `GOTRUE_WEBAUTHN_CHALLENGE_EXPIRY_DURATION` (default `5m`), in seconds.
    public var challengeExpiry: TimeInterval

    /// Passkeys off, GoTrue's defaults for the rest.
    public init() {
        enabled = false
        rpID = ""
        rpDisplayName = ""
        rpOrigins = []
        maxPasskeysPerUser = 10
        challengeExpiry = 300
    }

    /// Passkeys on for one relying party.
    /// - Parameters:
    ///   - rpID: The RP ID.
    ///   - displayName: The RP's display name.
    ///   - origins: The accepted origins.
    public init(rpID: String, displayName: String, origins: [String]) {
        self.init()
        enabled = true
        self.rpID = rpID
        rpDisplayName = displayName
        rpOrigins = origins
    }

    /// Reads GoTrue's variables; those not set keep GoTrue's defaults.
    /// - Parameter environment: The process environment.
    /// - Throws: ``SupabasePasskeySettingsError`` for a value GoTrue would refuse to start with:
    ///   a boolean or number it cannot read, or passkeys on without an RP ID, display name or
    ///   origins (`WebAuthnConfiguration.Validate`).
    public init(environment: [String: String]) throws(SupabasePasskeySettingsError) {
        self.init()
        if let raw = environment["GOTRUE_PASSKEY_ENABLED"], !raw.isEmpty {
            // Go's strconv.ParseBool, as envconfig reads booleans.
            switch raw {
            case "1", "t", "T", "true", "TRUE", "True": enabled = true
            case "0", "f", "F", "false", "FALSE", "False": enabled = false
            default: throw .invalid("GOTRUE_PASSKEY_ENABLED", "is not a boolean")
            }
        }
        rpID = environment["GOTRUE_WEBAUTHN_RP_ID"] ?? ""
        rpDisplayName = environment["GOTRUE_WEBAUTHN_RP_DISPLAY_NAME"] ?? ""
        rpOrigins = (environment["GOTRUE_WEBAUTHN_RP_ORIGINS"] ?? "").split(separator: ",").map(String.init).filter { !$0.isEmpty }
        if let raw = environment["GOTRUE_PASSKEY_MAX_PASSKEYS_PER_USER"], !raw.isEmpty {
            guard let count = Int(raw), (1...1000).contains(count) else {
                throw .invalid("GOTRUE_PASSKEY_MAX_PASSKEYS_PER_USER", "takes 1 to 1000")
            }
            maxPasskeysPerUser = count
        }
        if let raw = environment["GOTRUE_WEBAUTHN_CHALLENGE_EXPIRY_DURATION"], !raw.isEmpty {
            guard let nanoseconds = try? GoDuration.nanoseconds(raw), nanoseconds > 0, nanoseconds <= 86_400 * 1_000_000_000 else {
                throw .invalid("GOTRUE_WEBAUTHN_CHALLENGE_EXPIRY_DURATION", "takes a Go duration from 1ns to 24h")
            }
            challengeExpiry = Double(nanoseconds) / 1_000_000_000
        }
        try validate()
    }

    /// `WebAuthnConfiguration.Validate`: with passkeys on, the RP ID, display name and origins
    /// are required; origins must be absolute (`scheme://host[:port]`) and of bounded length.
    /// - Throws: ``SupabasePasskeySettingsError``.
    public func validate() throws(SupabasePasskeySettingsError) {
        guard enabled else { return }
        guard !rpID.isEmpty, rpID.utf8.count <= 253 else {
            throw .invalid(
                "GOTRUE_WEBAUTHN_RP_ID",
                "is required when passkeys are enabled")
        }
        guard !rpDisplayName.isEmpty, rpDisplayName.utf8.count <= 256 else {
            throw .invalid("GOTRUE_WEBAUTHN_RP_DISPLAY_NAME", "is required when passkeys are enabled")
        }
        guard !rpOrigins.isEmpty, rpOrigins.count <= 64 else {
            throw .invalid("GOTRUE_WEBAUTHN_RP_ORIGINS", "is required when passkeys are enabled (at most 64)")
        }
        for origin in rpOrigins where origin.utf8.count > 2048 || URL(string: origin)?.host == nil {
            throw .invalid("GOTRUE_WEBAUTHN_RP_ORIGINS", "holds an origin that is not scheme://host[:port]")
        }
    }

    /// One line for banners: `passkeys off`, or the RP ID and origins.
    public var summary: String {
        enabled ? "passkeys on (RP ID \(rpID), origins \(rpOrigins.joined(separator: " ")))" : "passkeys off"
    }
}
