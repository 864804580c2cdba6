import AuthDomain
import AuthPresentation
import Testing

/// Onboarding's name field: prefilled from the first sign-in's profile (Apple gives the name
/// once), and Continue only for a real name.
@Suite("Onboarding name form")
struct OnboardingNameFormTests {
    @Test("the name from the first sign-in fills the field, with a note saying where it came from")
    func prefilled() {
        let form = OnboardingNameForm(prefill: OnboardingPrefill(name: "  Ada Lovelace ", email: "ada@example.com"))
        #expect(form.initialName == "Ada Lovelace")
        #expect(form.email == "ada@example.com")
        #expect(form.prefillNote != nil)
        #expect(form.canContinue(with: form.initialName))
    }

    @Test("no name from the provider: an empty field, no note, and Continue waits")
    func empty() {
        let form = OnboardingNameForm(prefill: OnboardingPrefill(name: nil, email: nil))
        #expect(form.initialName.isEmpty && form.prefillNote == nil)
        #expect(!form.canContinue(with: form.initialName))
        #expect(!form.canContinue(with: "   "))
        #expect(!form.canContinue(with: String(repeating: "a", count: OnboardingNameForm.maximumLength + 1)))
    }
}
