import Foundation

/// Polls `condition` every millisecond until it holds or `timeout` passes: for state another
/// task changes, where no event says when. Bounded, so a broken condition fails, never hangs.
/// - Parameters:
///   - timeout: The longest wait.
///   - condition: What to wait for.
/// - Returns: Whether the condition held in time.
public func poll(timeout: Duration = .seconds(5), until condition: @Sendable () async -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if await condition() { return true }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return await condition()
}
