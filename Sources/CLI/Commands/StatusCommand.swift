import ArgumentParser
import AuthData
import AuthDomain
import AuthSimulation
import Foundation
import Logging

/// `login status`: the stored session; with `--watch`, auth-state events as they happen.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Show the stored session (\"signed out\" when there is none).",
        discussion: """
            With --watch, keeps running (until Ctrl-C, which exits 0) and prints auth-state events as they happen: the \
            initial session first, then refreshes made by its auto-refresh loop, and what other login commands do to the \
            session meanwhile (a sign-in, refresh, link or logout in another shell shows within a second).
            """)

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Keep running and print auth-state events as they happen, with auto-refresh on.")
    var watch = false

    @Option(
        help: ArgumentHelp(
            "With --watch: refresh this many seconds before expiry (default: the backend client's own).", valueName: "seconds"))
    var refreshLead: Double?

    func validate() throws {
        if refreshLead != nil, !watch { throw ValidationError("--refresh-lead goes with --watch") }
        // Both backends issue one-hour tokens: a lead of an hour or more would refresh without pause.
        if let refreshLead, !(0..<3600).contains(refreshLead) {
            throw ValidationError("--refresh-lead must be a number of seconds from 0 to under 3600")
        }
    }

    func run() async throws {
        guard watch else {
            try await LoginEnvironment.run(global, access: .readOnly) { environment throws(AuthError) in
                environment.reporter.status(
                    environment.initial?.stored, backend: environment.backendName, place: environment.backendPlace, now: Date())
            }
            return
        }
        try await LoginEnvironment.run(global, mode: .watch(refreshLead: refreshLead)) { environment throws(AuthError) in
            let events = environment.coordinator.authStateChanges
            await environment.sessions.startAutoRefresh()
            let sessions = environment.sessions
            let watcher = Task { await SessionFileWatcher(url: environment.store.fileURL).watch { await sessions.adoptExternalChanges() } }
            defer { watcher.cancel() }
            for await event in events {
                environment.reporter.event(event, backend: environment.backendName, now: Date())
            }
        }
    }
}
