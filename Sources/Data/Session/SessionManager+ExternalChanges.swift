import AuthDomain
import Foundation

/// Changes other processes make to a shared session store: another `login` command, or an app
/// extension writing the same Keychain access group.
extension SessionManager {
    /// Re-reads the store and adopts what another process wrote since this manager last read or
    /// wrote it, announcing it as it happened here:
    ///
    /// - the session is gone → `signedOut` (the session ended elsewhere);
    /// - a session appeared, or one of another user or provider → `signedIn`;
    /// - the same user and provider with another session → `tokenRefreshed` (a refresh, or a
    ///   sign-in with the same provider, which the store cannot tell apart), then `userUpdated`
    ///   when the user changed too;
    /// - only the user changed (a link or unlink elsewhere) → `userUpdated`.
    ///
    /// Nothing is announced when the store holds what this manager already has (its own writes
    /// included). A refresh on the wire lands first; one that starts meanwhile drops its answer.
    /// - Returns: The event announced, or `nil` when nothing changed or the store is unreadable.
    @discardableResult
    public func adoptExternalChanges() async -> AuthStateEvent? {
        await restore()
        await settleRefresh()
        let latest: StoredSession?
        do {
            latest = try await store.withExclusiveAccess { [store] () throws(AuthError) in try await store.load() }
        } catch {
            logger.warning("could not re-read the session store", metadata: ["error": "\(error)"])
            return nil
        }
        guard latest != current else { return nil }
        let events = Self.events(from: current, to: latest)
        generation &+= 1
        current = latest
        for event in events { hub.emit(event) }
        logger.debug("adopted a change made by another process", metadata: ["events": "\(events.map(\.name))"])
        if latest == nil {
            autoRefreshTask?.cancel()
            autoRefreshTask = nil
        } else {
            rescheduleAutoRefresh()
        }
        return events.first
    }

    /// The events that tell subscribers about a change from `old` to `new` (which differ).
    static func events(from old: StoredSession?, to new: StoredSession?) -> [AuthStateEvent] {
        switch (old, new) {
        case (nil, nil):
            return []
        case (_?, nil):
            return [.signedOut(.elsewhere)]
        case (nil, let new?):
            return [.signedIn(new)]
        case (let old?, let new?):
            if old.user.id != new.user.id || (old.session != new.session && old.provider != new.provider) {
                return [.signedIn(new)]
            }
            var events: [AuthStateEvent] = []
            if old.session != new.session { events.append(.tokenRefreshed(new.session)) }
            if old.user != new.user || events.isEmpty { events.append(.userUpdated(new.user)) }
            return events
        }
    }
}
