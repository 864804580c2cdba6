import ArgumentParser
import AuthData
import AuthDomain
import Foundation

/// `login reset`: forget every user, keep the keys.
struct ResetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset",
        abstract: "Forget every user, session, authorization and message (embedded services or login serve); keep the keys.",
        discussion: """
            Both backends' users go (the simulated world is one), with Apple's and Google's memory of which apps were \
            authorized, the mail, and this state directory's sessions and profile cache; keys.json and the .p8 key stay, so \
            tokens verify as before. Against login serve it calls the emulator's POST /reset. Asks on a terminal; \
            without one, --yes is required.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var admin: AdminOptions

    @Flag(help: "Do not ask for confirmation.")
    var yes = false

    func run() async throws {
        let (global, admin) = (self.global, self.admin)
        if !yes {
            let place = global.isRemote ? "of the emulator" : "in \(global.stateDirectory.path)"
            try Terminal.confirmOrRequireYes(
                "Forget every user, session and message \(place)? [y/N] ", declined: "Nothing was reset.", json: global.json)
        }
        try await LoginEnvironment.run(global) { environment in
            let place: String
            if let services = environment.services {
                try await services.reset()
                place = "the embedded services in \(environment.options.stateDirectory.path)"
                for name in SessionFiles.embeddedState {
                    try? AtomicFile.remove(environment.options.stateDirectory.appendingPathComponent(name))
                }
            } else {
                guard let reset = try environment.adminAccess(admin).reset else {
                    throw CommandFailure.usage(
                        """
                        reset works on the embedded services and on login serve (--supabase-url or --firebase-emulator-host), not on a\
                         Firebase project
                        """
                    )
                }
                try await reset.run()
                place = "the emulator at \(reset.baseURL.absoluteString)"
                try? AtomicFile.remove(environment.store.fileURL)
            }
            environment.logger.info("reset", metadata: ["where": "\(place)"])
            environment.reporter.reset(backend: environment.backendName, where: place)
        }
    }
}
