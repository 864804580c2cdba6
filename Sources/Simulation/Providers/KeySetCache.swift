import AuthData
import AuthJWT
import Foundation

/// A relying party's cached copy of a provider's JWKS: read from the cache on every
/// verification, fetched again at most once per `minimumRefetchInterval` when a token names an
/// unknown `kid` (key rotation), never falling back to another key.
package final class KeySetCache: Sendable {
    private struct State: Sendable {
        var keys: JWKSet?
        var lastFetch: Date?
    }

    private let fetch: @Sendable () async throws -> JWKSet
    private let now: @Sendable () -> Date
    private let minimumRefetchInterval: TimeInterval
    private let state = Locked(State())

    package init(
        minimumRefetchInterval: TimeInterval = 60, now: @escaping @Sendable () -> Date, fetch: @escaping @Sendable () async throws -> JWKSet
    ) {
        self.fetch = fetch
        self.now = now
        self.minimumRefetchInterval = minimumRefetchInterval
    }

    /// The cached keys, fetched on first use.
    package func keys() async throws -> JWKSet {
        if let keys = state.current.keys { return keys }
        return try await refetch(force: true) ?? JWKSet(keys: [])
    }

    /// Fetches again after an unknown `kid`, unless a fetch happened within the minimum
    /// interval.
    /// - Returns: The new keys, or `nil` when the fetch was skipped.
    package func refetchAfterMiss() async -> JWKSet? {
        try? await refetch(force: false)
    }

    private func refetch(force: Bool) async throws -> JWKSet? {
        let allowed = state.withLock { state -> Bool in
            if !force, let last = state.lastFetch, now().timeIntervalSince(last) < minimumRefetchInterval { return false }
            state.lastFetch = now()
            return true
        }
        guard allowed else { return nil }
        let keys = try await fetch()
        state.withLock { $0.keys = keys }
        return keys
    }
}

/// Verifies ID tokens against a provider's cached key set, re-fetching once on an unknown kid.
package struct ProviderTokenVerifier: Sendable {
    package let verifier: IDTokenVerifier
    package let keys: KeySetCache

    package init(policy: IDTokenPolicy, keys: KeySetCache) {
        self.verifier = IDTokenVerifier(policy: policy)
        self.keys = keys
    }

    /// Verifies a token.
    /// - Parameters:
    ///   - token: The compact JWS.
    ///   - rawNonce: The raw nonce sent with it.
    ///   - now: Seconds since 1970.
    /// - Returns: The verified token.
    /// - Throws: ``IDTokenError``.
    package func verify(_ token: String, rawNonce: String?, now: Int64) async throws(IDTokenError) -> VerifiedIDToken {
        let current: JWKSet
        do { current = try await keys.keys() } catch { throw .unknownKey("key set unavailable") }
        do {
            return try verifier.verify(token, rawNonce: rawNonce, keys: current, now: now)
        } catch .unknownKey(let kid) {
            guard let refreshed = await keys.refetchAfterMiss() else { throw .unknownKey(kid) }
            return try verifier.verify(token, rawNonce: rawNonce, keys: refreshed, now: now)
        }
    }
}
