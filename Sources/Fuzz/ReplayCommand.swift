import Foundation

/// The plain build's command line: replays saved inputs through the entries, lists them, or
/// writes the seed corpus.
struct ReplayCommand {
    let arguments: [String]

    private static let usage = """
        usage: auth-fuzz [--entry NAME] PATH...     replay files (directories are searched); without
                                                    --entry or AUTH_FUZZ_ENTRY, a file's entry is the
                                                    name of its directory (Fuzz/corpus/<entry>/<file>)
               auth-fuzz --list                     list the entries
               auth-fuzz --write-seeds DIR          write the seed corpus to DIR/<entry>/
        """

    /// Runs the command.
    /// - Returns: The exit status.
    func run() -> Int32 {
        var entry = environmentTarget
        var paths: [String] = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--list":
                print(FuzzTarget.allCases.map(\.rawValue).joined(separator: "\n"))
                return 0
            case "--write-seeds":
                guard let directory = remaining.popFirst() else { return fail("--write-seeds needs a directory") }
                return writeSeeds(to: URL(fileURLWithPath: directory))
            case "--entry":
                guard let name = remaining.popFirst(), let target = FuzzTarget(rawValue: name) else { return fail("unknown entry") }
                entry = target
            case "-h", "--help":
                print(Self.usage)
                return 0
            default:
                paths.append(argument)
            }
        }
        guard !paths.isEmpty else { return fail("no inputs") }
        var count = 0
        for file in paths.flatMap(files(under:)) {
            guard let target = entry ?? FuzzTarget(rawValue: file.deletingLastPathComponent().lastPathComponent) else {
                return fail("no entry for \(file.path); pass --entry")
            }
            guard let data = try? Data(contentsOf: file) else { return fail("cannot read \(file.path)") }
            data.withUnsafeBytes { target.run($0.bindMemory(to: UInt8.self)) }
            count += 1
        }
        print("auth-fuzz: replayed \(count) input(s) without a failure")
        return 0
    }

    private func files(under path: String) -> [URL] {
        let url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { return [url] }
        let enumerator = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.isRegularFileKey])
        return (enumerator?.allObjects as? [URL] ?? [])
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true && !$0.lastPathComponent.hasPrefix(".") }
            .sorted { $0.path < $1.path }
    }

    private func writeSeeds(to directory: URL) -> Int32 {
        do {
            for target in FuzzTarget.allCases {
                let folder = directory.appendingPathComponent(target.rawValue)
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                for (name, bytes) in SeedCorpus.seeds(for: target) {
                    try Data(bytes).write(to: folder.appendingPathComponent(name))
                }
            }
            return 0
        } catch {
            return fail("cannot write seeds: \(error)")
        }
    }

    private func fail(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("auth-fuzz: \(message)\n\(Self.usage)\n".utf8))
        return 64
    }
}
