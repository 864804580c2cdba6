import AuthData
import AuthJWT

/// The project's multi-factor settings, as Identity Platform's project config has them
/// (`mfa.state`: `DISABLED`, `ENABLED` or `MANDATORY`; `mfa.providerConfigs[]` with a
/// `totpProviderConfig.adjacentIntervals` of 0 to 10, the Admin SDKs' bound). TOTP is on when the
/// state is `ENABLED` or `MANDATORY` and a TOTP provider is `ENABLED` (firebase-tools
/// src/emulator/auth/operations.ts `isMfaEnabled`, which gates the second step the same way).
/// This emulator starts with TOTP enabled and one adjacent interval, as its codes always took.
package struct FirebaseMFAConfig: Codable, Hashable, Sendable {
    /// `mfa.state`.
    package var state = "ENABLED"
    /// The TOTP provider's `state`.
    package var totpState = "ENABLED"
    /// `totpProviderConfig.adjacentIntervals`: steps of skew accepted either side.
    package var adjacentIntervals = 1

    /// The states `mfa.state` and a provider's `state` take.
    static let states: Set<String> = ["DISABLED", "ENABLED", "MANDATORY"]

    /// The defaults.
    package init() {}

    /// Whether users may enrol TOTP factors and a first factor stops at an enrolled one.
    package var allowsTOTP: Bool { state != "DISABLED" && totpState != "DISABLED" }

    /// The `mfa` object of the config API.
    package var json: JSONObject {
        let totp: JSONObject = [
            "state": .string(totpState), "totpProviderConfig": .object(["adjacentIntervals": .int(Int64(adjacentIntervals))]),
        ]
        return ["state": .string(state), "providerConfigs": .array([.object(totp)])]
    }

    /// Applies an `mfa` object: the fields it has replace these.
    /// - Parameter body: The `mfa` object.
    /// - Throws: `INVALID_CONFIG` for an unknown state or an `adjacentIntervals` outside 0–10.
    package mutating func apply(_ body: JSONObject) throws(FirebaseFailure) {
        if let value = body["state"] {
            guard let text = value.stringValue, Self.states.contains(text) else {
                throw .code("INVALID_CONFIG", "mfa.state must be DISABLED, ENABLED or MANDATORY")
            }
            state = text
        }
        guard let providers = body["providerConfigs"] else { return }
        guard let list = providers.arrayValue else { throw .code("INVALID_CONFIG", "mfa.providerConfigs must be an array") }
        for provider in list.compactMap(\.objectValue) where provider["totpProviderConfig"] != nil {
            if let value = provider["state"] {
                guard let text = value.stringValue, Self.states.contains(text), text != "MANDATORY" else {
                    throw .code("INVALID_CONFIG", "mfa.providerConfigs[].state must be DISABLED or ENABLED")
                }
                totpState = text
            }
            if let value = provider["totpProviderConfig"]?.objectValue?["adjacentIntervals"] {
                guard let count = value.intValue, (0...10).contains(count) else {
                    throw .code("INVALID_CONFIG", "totpProviderConfig.adjacentIntervals must be 0 to 10")
                }
                adjacentIntervals = Int(count)
            }
        }
    }
}
