import AuthDomain
import Foundation
import Logging

/// The auto-refresh loop: sleeps on the injected clock until the lead time before expiry,
/// refreshes, retries transient failures with doubling backoff (logging each), and ends only
/// when stopped or when the backend ends the session; a later sign-in starts it again.
extension SessionManager {
    /// Starts refreshing ahead of expiry on the injected clock, retrying transient failures with
    /// backoff, until stopped or signed out (a later sign-in resumes it).
    public func startAutoRefresh() {
        autoRefreshEnabled = true
        rescheduleAutoRefresh()
    }

    /// Stops the auto-refresh loop.
    public func stopAutoRefresh() {
        autoRefreshEnabled = false
        autoRefreshTask?.cancel()
        autoRefreshTask = nil
    }

    /// Waits until the current auto-refresh loop has ended (after a definitive failure or
    /// ``stopAutoRefresh()``); returns at once when none runs. For tests.
    package func autoRefreshLoopEnded() async {
        await autoRefreshTask?.value
    }

    func rescheduleAutoRefresh() {
        autoRefreshTask?.cancel()
        autoRefreshTask = nil
        guard autoRefreshEnabled, current != nil else { return }
        autoRefreshTask = Task { await self.autoRefreshLoop() }
    }

    private func autoRefreshLoop() async {
        var failures = 0
        while !Task.isCancelled, let known = current {
            let delay =
                failures == 0
                ? known.session.expiresAt.timeIntervalSince(clock.now()) - policy.autoRefreshLead
                : policy.backoff(afterFailures: failures)
            do {
                try await clock.sleep(.interval(delay))
            } catch {
                return
            }
            guard !Task.isCancelled, let latest = current else { break }
            // Due at the lead time itself: `expires(within:)` is strict, and a loop woken exactly
            // at its deadline that did not refresh would wait zero seconds and spin. An expiry that
            // is not a number is due too, for the same reason (its delay sleeps zero seconds).
            guard !(latest.session.expiresAt.timeIntervalSince(clock.now()) > policy.autoRefreshLead) else {
                failures = 0
                continue
            }
            do throws(AuthError) {
                try await refresh()
                failures = 0
            } catch  where error.endsSession {
                break
            } catch {
                failures += 1
                logger.warning(
                    "auto-refresh failed; retrying",
                    metadata: [
                        "attempt": "\(failures)", "retryIn": "\(policy.backoff(afterFailures: failures))s", "error": "\(error)",
                    ])
            }
        }
        if !Task.isCancelled { logger.debug("auto-refresh stopped: signed out") }
    }
}
