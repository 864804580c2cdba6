import ArgumentParser
import AuthDomain

/// The bounds of a `--name` value: a name a sheet could take, not empty and at most
/// ``maxCharacters`` long, so that a name the backend would refuse is refused here first.
enum PersonNameOption {
    /// The longest name accepted (Apple's and Google's name fields are far shorter).
    static let maxCharacters = 200

    /// Refuses an empty or overlong `--name`.
    /// - Parameter name: The value given, if any.
    /// - Throws: `ValidationError` naming the bound.
    static func check(_ name: String?) throws {
        guard let name else { return }
        if PersonName.parsing(name) == nil { throw ValidationError("--name must not be empty") }
        if name.count > maxCharacters {
            throw ValidationError("--name takes at most \(maxCharacters) characters, not \(name.count)")
        }
    }
}
