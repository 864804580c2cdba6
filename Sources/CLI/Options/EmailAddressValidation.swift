import ArgumentParser
import AuthData

/// Email checks for option validation.
enum EmailAddressValidation {
    /// Throws when the address is malformed (control characters included), with a message that
    /// shows the address escaped.
    /// - Parameters:
    ///   - email: The address given.
    ///   - option: The option it was given with.
    /// - Throws: `ValidationError` (exit 2).
    static func check(_ email: String?, option: String = "--email") throws {
        guard let email else { return }
        do { _ = try EmailAddress.normalized(email) } catch {
            throw ValidationError("\(option) \"\(TerminalText.escaped(email))\" is not an email address")
        }
    }
}
