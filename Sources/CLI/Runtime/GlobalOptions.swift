import ArgumentParser
import Foundation

/// The options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(help: "The auth backend: supabase or firebase.")
    var backend: BackendChoice = .supabase

    @Option(help: ArgumentHelp(
        "Where users, sessions and keys are kept.", discussion: "Default: $XDG_STATE_HOME/login, else ~/.local/state/login.",
        valueName: "dir"))
    var stateDir: String?

    @Flag(help: "Print one JSON object on stdout.")
    var json = false

    @Flag(help: "Log what happens on stderr.")
    var verbose = false

    /// The state directory, resolved.
    var stateDirectory: URL {
        if let stateDir { return URL(fileURLWithPath: (stateDir as NSString).expandingTildeInPath) }
        let environment = ProcessInfo.processInfo.environment
        if let xdg = environment["XDG_STATE_HOME"], !xdg.isEmpty {
            return URL(fileURLWithPath: xdg).appendingPathComponent("login")
        }
        return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/state/login")
    }
}

/// The backends `login` can use.
enum BackendChoice: String, ExpressibleByArgument, CaseIterable {
    case supabase
    case firebase
}
