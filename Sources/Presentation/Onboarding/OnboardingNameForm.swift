import AuthDomain
import Foundation

/// The onboarding screen's name field, decided: prefilled from the first sign-in's profile
/// (Apple gives the name once, on the first authorization), and when Continue works.
///
/// ```swift
/// let form = OnboardingNameForm(prefill: prefill)
/// @State var name = form.initialName
/// Button(form.continueTitle) { … }.disabled(!form.canContinue(with: name))
/// ```
public struct OnboardingNameForm: Hashable, Sendable {
    /// The longest name accepted (GoTrue and Identity Toolkit both keep it as free text; this
    /// keeps it to a line).
    public static let maximumLength = 100

    /// The field's starting text.
    public let initialName: String
    /// The email the account signed in with, shown read-only, or `nil`.
    public let email: String?
    /// A note under the field when it was prefilled, or `nil`.
    public let prefillNote: String?

    /// The field's label, which VoiceOver reads.
    public var nameLabel: String { "Your name" }
    /// The button's title.
    public var continueTitle: String { "Continue" }

    /// Decides the form.
    /// - Parameter prefill: What the router found in the first sign-in's profile.
    public init(prefill: OnboardingPrefill) {
        let name = prefill.name?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        initialName = String(name.prefix(Self.maximumLength))
        email = prefill.email
        prefillNote = initialName.isEmpty ? nil : "Filled in from your sign-in; you can change it."
    }

    /// Whether Continue works for what the field holds.
    /// - Parameter name: The field's text.
    /// - Returns: `true` for a name that is not blank and at most ``maximumLength`` characters.
    public func canContinue(with name: String) -> Bool {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        return !trimmed.isEmpty && trimmed.count <= Self.maximumLength
    }
}
