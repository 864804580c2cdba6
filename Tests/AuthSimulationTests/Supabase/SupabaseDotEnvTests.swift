import AuthTestSupport
import Foundation
import Testing

@testable import AuthSimulation

/// A Supabase CLI project's `.env` files, read as the CLI reads them before `config.toml`
/// (supabase/cli apps/cli-go/pkg/config/config.go `loadNestedEnv`, `loadDefaultEnv`), each
/// parsed as github.com/joho/godotenv parser.go parses it, from real files in a temporary folder.
@Suite("Supabase CLI .env files")
struct SupabaseDotEnvTests {
    /// A project folder holding `supabase/`.
    private struct Project {
        let root = TemporaryDirectory()
        var supabase: URL { root.url.appendingPathComponent("supabase") }

        init() throws { try FileManager.default.createDirectory(at: supabase, withIntermediateDirectories: true) }

        func write(_ text: String, _ name: String, inSupabase: Bool = true) throws {
            try Data(text.utf8).write(to: (inSupabase ? supabase : root.url).appendingPathComponent(name))
        }

        func load(_ environment: [String: String] = [:]) throws(SupabaseDotEnv.Failure) -> SupabaseDotEnv {
            try SupabaseDotEnv(configFolder: supabase, workingDirectory: root.url, environment: environment)
        }
    }

    @Test("the files' order: .env.<env>.local, .env.local, .env.<env>, .env, nearest folder first; an earlier one wins")
    func order() throws {
        #expect(SupabaseDotEnv.fileNames(supabaseEnv: nil) == [".env.development.local", ".env.local", ".env.development", ".env"])
        #expect(SupabaseDotEnv.fileNames(supabaseEnv: "test") == [".env.test.local", ".env.test", ".env"], "no .env.local for test")
        let project = try Project()
        try project.write("A=supabase-env\nB=supabase-env\n", ".env")
        try project.write("A=development-local\n", ".env.development.local")
        try project.write("B=root-local\nC=root-env-local\n", ".env.local", inSupabase: false)
        try project.write("C=root\nD=root\n", ".env", inSupabase: false)
        let loaded = try project.load()
        #expect(loaded.variables == ["A": "development-local", "B": "supabase-env", "C": "root-env-local", "D": "root"])
        #expect(loaded.files.count == 4)

        let staging = try project.load(["SUPABASE_ENV": "test", "D": "from-the-process"])
        #expect(staging.variables["A"] == "supabase-env" && staging.variables["C"] == "root", "\(staging.variables)")
        #expect(staging.variables["D"] == nil, "the process environment wins: a file never overrides a set variable")
    }

    @Test("folders: up to the working directory when the config is inside it, else its folder and the project above a supabase folder")
    func folders() {
        let inside = SupabaseDotEnv.folders(
            from: URL(fileURLWithPath: "/p/app/supabase"), to: URL(fileURLWithPath: "/p"))
        #expect(inside.map(\.path) == ["/p/app/supabase", "/p/app", "/p"])
        let outside = SupabaseDotEnv.folders(from: URL(fileURLWithPath: "/tmp/x/supabase"), to: URL(fileURLWithPath: "/work"))
        #expect(outside.map(\.path) == ["/tmp/x/supabase", "/tmp/x"])
        let loose = SupabaseDotEnv.folders(from: URL(fileURLWithPath: "/tmp/x"), to: URL(fileURLWithPath: "/work"))
        #expect(loose.map(\.path) == ["/tmp/x"], "a config outside a project's supabase folder reads no folder above it")
    }

    @Test("godotenv's syntax: export, comments, quotes, escapes, expansion, several lines in quotes")
    func syntax() throws {
        let project = try Project()
        try project.write(
            """
            # a comment
            export PLAIN=value # a comment after a space
            HASH=a#b
            SINGLE='kept $PLAIN \\n'
            DOUBLE="line\\nnext \\"q\\" ${PLAIN} $PLAIN \\$PLAIN"
            YAML: colon
              SPACED  =  padded\t
            EMPTY=
            MULTI="one
            two"
            AFTER=$FROM_PROCESS-$UNSET.
            """, ".env")
        let variables = try project.load(["FROM_PROCESS": "p"]).variables
        #expect(variables["PLAIN"] == "value")
        #expect(variables["HASH"] == "a#b")
        #expect(variables["SINGLE"] == "kept $PLAIN \\n")
        #expect(variables["DOUBLE"] == "line\nnext \"q\" value value $PLAIN")
        #expect(variables["YAML"] == "colon" && variables["SPACED"] == "padded" && variables["EMPTY"] == "")
        #expect(variables["MULTI"] == "one\ntwo")
        #expect(variables["AFTER"] == "p-.")
    }

    @Test(
        "a file godotenv refuses, or one past the bounds, names the file and line and never the value",
        arguments: [
            ("OK=1\nBAD KEY!=secret-value\n", 2, "unexpected character"),
            ("OK=1\n\nQUOTED=\"secret-value\n", 3, "not closed"),
            ("JUST-A-NAME\n", 1, "unexpected character"),
            ("LONELY", 1, "without = or :"),
        ])
    func refused(text: String, line: Int, reason: String) throws {
        let project = try Project()
        try project.write(text, ".env")
        #expect { try project.load() } throws: { error in
            guard let failure = error as? SupabaseDotEnv.Failure else { return false }
            return failure.line == line && failure.reason.contains(reason) && failure.path.hasSuffix("supabase/.env")
                && !failure.description.contains("secret-value")
        }
    }

    @Test("bounds: at most 1 MiB and 10,000 lines a file")
    func bounds() throws {
        let project = try Project()
        try project.write(String(repeating: "#\n", count: SupabaseDotEnv.maxLines + 1), ".env")
        #expect { try project.load() } throws: { ($0 as? SupabaseDotEnv.Failure)?.reason.contains("lines") == true }
        try project.write("A=" + String(repeating: "x", count: SupabaseDotEnv.maxBytes), ".env")
        #expect { try project.load() } throws: { ($0 as? SupabaseDotEnv.Failure)?.reason.contains("bytes") == true }
    }
}
