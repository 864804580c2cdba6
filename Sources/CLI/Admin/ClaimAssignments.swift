import AuthJWT

/// Reads `KEY=VALUE` arguments of `login users claims`: a value that is JSON (`true`, `3`,
/// `"text"`, `{"a":1}`, `["x"]`) is taken as such, anything else as a string; `KEY=` (nothing
/// after `=`) removes the claim. Names the backends reserve are refused.
enum ClaimAssignments {
    /// Claims a backend would overwrite or refuse (Firebase's reserved list, and Supabase's
    /// `provider`/`providers`, which follow the identities).
    static let reserved: Set<String> = [
        "iss", "aud", "sub", "iat", "exp", "nbf", "jti", "nonce", "azp", "acr", "amr", "cnf", "auth_time", "firebase",
        "at_hash", "c_hash", "provider", "providers",
    ]

    /// Parses the arguments.
    /// - Parameter arguments: `KEY=VALUE` strings.
    /// - Returns: The claims to merge (`null` removes).
    /// - Throws: ``CommandFailure`` (usage).
    static func parse(_ arguments: [String]) throws(CommandFailure) -> JSONObject {
        var claims = JSONObject()
        for argument in arguments {
            guard let equals = argument.firstIndex(of: "=") else {
                throw .usage("\"\(argument)\" is not KEY=VALUE (KEY= removes the claim)")
            }
            let key = String(argument[..<equals])
            let raw = String(argument[argument.index(after: equals)...])
            guard !key.isEmpty, key.utf8.count <= 128, key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "_-.".contains($0)) })
            else {
                throw .usage("claim name \"\(key)\" must be 1 to 128 letters, digits, _, - or .")
            }
            guard !reserved.contains(key) else { throw .usage("\"\(key)\" is reserved by the backends and cannot be set as a claim") }
            guard claims[key] == nil else { throw .usage("claim \"\(key)\" is given twice") }
            claims[key] = raw.isEmpty ? .null : ((try? StrictJSONParser.parse(Array(raw.utf8))) ?? .string(raw))
        }
        guard !claims.isEmpty else { throw .usage("give at least one KEY=VALUE") }
        return claims
    }
}
