/// How the simulated sheet can end without a credential; the codes are
/// `ASAuthorizationError.Code` values.
public enum AppleIDError: Error, Hashable, Sendable, CustomStringConvertible {
    /// 1001: the user dismissed the sheet.
    case canceled
    /// 1000: unknown failure (no Apple ID signed in, missing entitlement).
    case unknown
    /// 1002: invalid response.
    case invalidResponse
    /// 1003: the request was not handled.
    case notHandled
    /// 1004: the authorization failed.
    case failed
    /// The request itself is unusable (malformed Apple ID, missing client id).
    case invalidRequest(String)

    /// The `ASAuthorizationError.Code` value, or 1000 for invalid requests.
    public var code: Int {
        switch self {
        case .canceled: 1001
        case .unknown, .invalidRequest: 1000
        case .invalidResponse: 1002
        case .notHandled: 1003
        case .failed: 1004
        }
    }

    /// A developer-facing explanation.
    public var description: String {
        switch self {
        case .canceled: "ASAuthorizationError 1001 (canceled)"
        case .unknown: "ASAuthorizationError 1000 (unknown)"
        case .invalidResponse: "ASAuthorizationError 1002 (invalidResponse)"
        case .notHandled: "ASAuthorizationError 1003 (notHandled)"
        case .failed: "ASAuthorizationError 1004 (failed)"
        case .invalidRequest(let reason): "invalid authorization request: \(reason)"
        }
    }
}
