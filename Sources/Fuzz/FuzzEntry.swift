import Foundation

/// `auth-fuzz`: fuzz entry points over the token parser and verifier, the strict JSON parser,
/// base64url, and the REST adapters' response decoding (see Docs/Fuzzing.md).
///
/// Built plainly (`swift build --product auth-fuzz`) it replays saved inputs, so the corpus is a
/// regression test:
///
/// ```
/// auth-fuzz Fuzz/corpus                  # every file, entry = the name of its directory
/// auth-fuzz --entry token crash-1a2b3c   # one input through one entry
/// auth-fuzz --list
/// auth-fuzz --write-seeds Fuzz/corpus    # re-create the seed corpus
/// ```
///
/// Built with `-sanitize=fuzzer` and `-D FUZZING` it is a libFuzzer binary; the entry is chosen
/// with the environment variable `AUTH_FUZZ_ENTRY`, and the arguments are libFuzzer's.
@main
struct FuzzEntry {
    static func main() {
        #if FUZZING
            runLibFuzzer()
        #else
            exit(ReplayCommand(arguments: Array(CommandLine.arguments.dropFirst())).run())
        #endif
    }
}

/// The entry named by `AUTH_FUZZ_ENTRY`, read once.
let environmentTarget: FuzzTarget? = ProcessInfo.processInfo.environment["AUTH_FUZZ_ENTRY"].flatMap(FuzzTarget.init(rawValue:))

/// Runs one input through the selected entry.
/// - Parameters:
///   - data: The input bytes.
///   - size: Their count.
/// - Returns: 0, as libFuzzer expects.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let target = environmentTarget else { return 0 }
    target.run(UnsafeBufferPointer(start: size == 0 ? nil : data, count: size))
    return 0
}

#if FUZZING
    // swift-format-ignore: AlwaysUseLowerCamelCase
    @_silgen_name("LLVMFuzzerRunDriver")
    private func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt

    /// Hands control to libFuzzer with the entry from `AUTH_FUZZ_ENTRY`.
    private func runLibFuzzer() -> Never {
        guard environmentTarget != nil else {
            FileHandle.standardError.write(
                Data("auth-fuzz: set AUTH_FUZZ_ENTRY to one of: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))\n".utf8))
            exit(2)
        }
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzTestOneInput(data, size) })
    }
#endif
