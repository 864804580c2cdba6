/// Runs an action when the last reference to it goes away.
///
/// Attached to an object that must call back before it dies (an `ASAuthorizationController`
/// holding its delegate weakly), it turns "released without calling back" into an event, so a
/// waiter is never left hanging.
package final class ReleaseTripwire: Sendable {
    private let action: @Sendable () -> Void

    /// Creates a tripwire.
    /// - Parameter action: Run once, from `deinit`, on whichever thread releases the tripwire.
    package init(_ action: @escaping @Sendable () -> Void) {
        self.action = action
    }

    deinit { action() }
}
