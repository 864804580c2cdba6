import AuthDomain
import AuthJWT
import Foundation

/// Membership as apps keep it when they have no table of their own: a claim that only the
/// backend's admin can set, carried in the session's access token. Supabase puts it in
/// `app_metadata` (`PUT /admin/users/{id}` with `app_metadata`), Firebase among the custom
/// claims at the top of the ID token (`setCustomUserClaims`, `accounts:update` with
/// `customAttributes`).
///
/// The claim is read from the session the backend issued for this sign-in (the coordinator has
/// stored it before the router asks), not from anything the user can edit: `user_metadata` and
/// profile fields are refused as a place for it. The client does not verify the token's
/// signature (a Supabase HS256 secret never ships in an app); it routes the user, and the
/// backend enforces the same claim on every request (row-level security, security rules).
/// A claim set after the sign-in reaches the app with the next token: a refresh or a sign-in.
///
/// A claim counts as set when it is `true`, a non-empty string, a non-zero number, or a
/// non-empty array or object; absent, `null`, `false`, `""`, `0`, `[]` and `{}` do not.
///
/// ```swift
/// let membership = ClaimMembershipChecker(claim: "org", location: .appMetadata, coordinator: coordinator)
/// let router = PostAuthRouter(profiles: profiles, membership: membership)   // → .pendingInvitation until set
/// ```
public struct ClaimMembershipChecker: MembershipChecking {
    /// Where the backend puts claims its admin sets.
    public enum Location: String, Hashable, Sendable {
        /// Supabase: inside the access token's `app_metadata` object.
        case appMetadata
        /// Firebase: custom claims, at the top level of the ID token.
        case customClaims
    }

    /// The claim's name.
    public let claim: String
    /// Where it is looked up.
    public let location: Location
    private let currentSession: @Sendable () async -> StoredSession?

    /// Creates a checker.
    /// - Parameters:
    ///   - claim: The claim's name (`org`, `member`).
    ///   - location: Where the backend carries it.
    ///   - currentSession: The stored session, as the coordinator keeps it.
    public init(claim: String, location: Location, currentSession: @escaping @Sendable () async -> StoredSession?) {
        self.claim = claim
        self.location = location
        self.currentSession = currentSession
    }

    /// Whether the signed-in user's access token carries the claim, set.
    /// - Parameter user: The user the router is deciding for.
    /// - Returns: `true` when the claim is set.
    /// - Throws: ``AuthError/notSignedIn`` when no session, or one of another user, is stored;
    ///   ``AuthError/invalidCredential(_:)`` when the access token cannot be read or names
    ///   another subject.
    public func hasOrganisation(_ user: AuthUser) async throws(AuthError) -> Bool {
        guard let stored = await currentSession(), stored.user.id == user.id else { throw .notSignedIn }
        let payload: JSONObject
        do {
            payload = try CompactJWS(parsing: stored.session.accessToken.revealed).payload
        } catch {
            throw .invalidCredential("the access token cannot be read for the membership claim")
        }
        guard payload["sub"]?.stringValue == user.id else { throw .invalidCredential("the access token names another user") }
        let value: JSONValue? =
            switch location {
            case .appMetadata: payload["app_metadata"]?.objectValue?[claim]
            case .customClaims: payload[claim]
            }
        return value.map(Self.isSet) ?? false
    }

    /// Whether a claim value counts as set.
    /// - Parameter value: The claim's value.
    /// - Returns: `false` for `null`, `false`, `""`, `0`, `[]`, `{}`; `true` otherwise.
    public static func isSet(_ value: JSONValue) -> Bool {
        switch value {
        case .null: false
        case .bool(let flag): flag
        case .int(let number): number != 0
        case .double(let number): number != 0 && !number.isNaN
        case .string(let text): !text.isEmpty
        case .array(let items): !items.isEmpty
        case .object(let object): !object.isEmpty
        }
    }
}

extension ClaimMembershipChecker {
    /// Creates a checker that reads the coordinator's stored session.
    /// - Parameters:
    ///   - claim: The claim's name.
    ///   - location: Where the backend carries it.
    ///   - coordinator: The coordinator that keeps the session.
    public init(claim: String, location: Location, coordinator: any AuthenticationCoordinating) {
        self.init(claim: claim, location: location, currentSession: { await coordinator.currentSession() })
    }
}
