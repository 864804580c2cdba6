import AuthData
import AuthDomain

/// A session manager with a subscription opened before anything happened to it.
struct ManagedSession {
    let manager: SessionManager
    let hub: AuthEventHub
    let events: AsyncStream<AuthStateEvent>

    /// Ends the event stream and returns every event it carried, in order.
    func recordedEvents() async -> [AuthStateEvent] {
        hub.finish()
        var all: [AuthStateEvent] = []
        for await event in events { all.append(event) }
        return all
    }
}

extension AsyncStream<AuthStateEvent> {
    /// Waits for the next event matching `matches`, skipping the ones before it.
    func first(matching matches: (AuthStateEvent) -> Bool) async -> AuthStateEvent? {
        for await event in self where matches(event) { return event }
        return nil
    }
}

extension AuthStateEvent {
    var isSignedOut: Bool {
        if case .signedOut = self { return true }
        return false
    }

    var isTokenRefreshed: Bool {
        if case .tokenRefreshed = self { return true }
        return false
    }
}

extension [AuthStateEvent] {
    /// Whether a `signedOut` event is among these.
    var hasSignedOut: Bool { contains { $0.isSignedOut } }

    /// Whether a `tokenRefreshed` event is among these.
    var hasTokenRefreshed: Bool { contains { $0.isTokenRefreshed } }

    /// The `tokenRefreshed` events, in order.
    var tokenRefreshes: [AuthStateEvent] { filter { $0.isTokenRefreshed } }
}
