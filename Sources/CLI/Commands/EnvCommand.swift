import ArgumentParser
import AuthData
import AuthJWT
import AuthSimulation
import Foundation

/// `login env`: what an app or a shell needs to reach the emulator, as the Supabase CLI's
/// `supabase status -o env` prints it: from the `login serve` holding the state directory, or
/// `login serve`'s defaults when none does.
struct EnvCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "env", abstract: "Print the variables that point an app or a shell at login serve.",
        discussion: """
            Prints SUPABASE_URL, SUPABASE_ANON_KEY, FIREBASE_AUTH_EMULATOR_HOST and LOGIN_IDP_URL (and, with \
            --service-role, SUPABASE_SERVICE_ROLE_KEY) for the login serve that holds the state directory, or for \
            `login serve`'s defaults (port 9999, the well-known local keys) when none does. In a shell: \
            eval "$(login env)".
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case shell, dotenv, json
    }

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp("shell (export lines), dotenv (NAME=\"value\" lines) or json.", valueName: "format"))
    var format: Format = .shell

    @Flag(help: "Also print SUPABASE_SERVICE_ROLE_KEY (admin rights over the emulator: keep it out of apps).")
    var serviceRole = false

    func run() throws {
        let directory = global.stateDirectory
        var registration: ServeRegistration?
        if case .served(let served?) = ServeRegistration.status(of: directory) { registration = served }
        if registration == nil {
            Reporter(json: global.json).note(
                "no login serve holds \(directory.path): these are login serve's defaults (start it with: login serve)")
        }
        let base = registration?.baseURL ?? "http://127.0.0.1:9999"
        let anonKey = registration?.anonKey ?? SupabaseLocalKeys.anonKey
        var variables: [(String, String)] = [
            ("SUPABASE_URL", base), ("SUPABASE_ANON_KEY", anonKey),
            ("FIREBASE_AUTH_EMULATOR_HOST", String(base.dropFirst("http://".count))), ("LOGIN_IDP_URL", base),
        ]
        if serviceRole {
            guard let key = Self.serviceRoleKey(anonKey: anonKey, served: registration != nil, in: directory) else {
                throw CommandFailure.usage("the service-role key of \(base) is not in \(directory.path)/service_role.key")
            }
            variables.append(("SUPABASE_SERVICE_ROLE_KEY", key))
        }
        print(Self.render(variables, format: global.json ? .json : format))
    }

    /// The service-role key: the one `login serve` wrote, else the well-known local one that goes
    /// with the well-known anon key.
    private static func serviceRoleKey(anonKey: String, served: Bool, in directory: URL) -> String? {
        if served, let data = try? AtomicFile.read(directory.appendingPathComponent("service_role.key")) {
            let key = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if !key.isEmpty { return key }
        }
        return anonKey == SupabaseLocalKeys.anonKey ? SupabaseLocalKeys.serviceRoleKey : nil
    }

    /// The variables in one of the three forms.
    static func render(_ variables: [(String, String)], format: Format) -> String {
        switch format {
        case .shell:
            return variables.map { "export \($0.0)='\($0.1.replacingOccurrences(of: "'", with: "'\\''"))'" }.joined(separator: "\n")
        case .dotenv:
            func quoted(_ value: String) -> String {
                value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            }
            return variables.map { "\($0.0)=\"\(quoted($0.1))\"" }
                .joined(separator: "\n")
        case .json:
            var object: JSONObject = [:]
            for (name, value) in variables { object[name] = .string(value) }
            return object.jsonString
        }
    }
}
