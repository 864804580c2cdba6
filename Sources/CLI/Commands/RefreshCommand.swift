import ArgumentParser
import AuthDomain
import Foundation

/// `login refresh`: refresh the stored session now, or mark it expired to test refreshing.
struct RefreshCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh", abstract: "Refresh the stored session now (--expire: mark it expired instead, to test refreshing).",
        discussion: """
            --expire changes only the stored copy: the session counts as expired from now, so the next command (or a running \
            status --watch) refreshes it, as an app does after the token's hour. The backend still accepts the old access \
            token until its own expiry.
            """)

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Mark the stored session expired now instead of refreshing it.")
    var expire = false

    func run() async throws {
        let expire = self.expire
        try await LoginEnvironment.run(global) { environment throws(AuthError) in
            var stored = try environment.requireSignedIn()
            if expire {
                stored.session.expiresAt = Date().addingTimeInterval(-1)
                let (store, expired) = (environment.store, stored)
                try await store.withExclusiveAccess { () throws(AuthError) in try await store.save(expired) }
                environment.logger.info("marked the stored session expired", metadata: ["file": "\(store.fileURL.path)"])
                environment.reporter.sessionExpiredLocally(stored.session, backend: environment.backendName)
                return
            }
            environment.logger.info("refreshing the session", metadata: ["expires": "\(stored.session.expiresAt)"])
            let session = try await environment.coordinator.refreshSession()
            environment.logger.info("refreshed", metadata: ["expires": "\(session.expiresAt)"])
            environment.reporter.tokenRefreshed(
                session, user: await environment.coordinator.currentUser(), backend: environment.backendName)
        }
    }
}
