import Foundation

/// Stops the process when a property the code promises does not hold, so that libFuzzer saves
/// the input as a crash (a failed property is a bug even when nothing traps).
/// - Parameters:
///   - condition: The property.
///   - message: What broke; never includes secrets (inputs are fuzz data, not real tokens).
func fuzzCheck(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    guard !condition() else { return }
    FileHandle.standardError.write(Data("auth-fuzz: property violated: \(message())\n".utf8))
    abort()
}
