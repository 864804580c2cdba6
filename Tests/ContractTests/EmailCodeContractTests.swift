import AuthData
import AuthDomain
import AuthSimulation
import AuthTestSupport
import Testing

@Suite("Backend contract: email one-time codes")
struct EmailCodeContractTests {
    @Test("the mailed code signs a new user in with a verified email", arguments: BackendFlavor.allCases)
    func rightCode(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.make(flavor)
        let challenge = try await sut.backend.sendEmailCode(to: "otp@example.com")
        #expect(challenge.email == "otp@example.com")
        let code = try await sut.latestCode(for: "otp@example.com")
        if flavor.traits.emailCodeIsSixDigits { #expect(code.revealed.count == 6 && code.revealed.allSatisfy(\.isNumber)) }

        let signIn = try await sut.backend.verifyEmailCode(code, email: "otp@example.com")
        #expect(signIn.isNewUser)
        #expect(signIn.user.email == "otp@example.com")
        #expect(signIn.user.isEmailVerified)
        #expect(signIn.user.providers == [.emailCode])

        sut.clock.advance(by: 61)
        _ = try await sut.backend.sendEmailCode(to: "otp@example.com")
        let returning = try await sut.backend.verifyEmailCode(try await sut.latestCode(for: "otp@example.com"), email: "otp@example.com")
        #expect(!returning.isNewUser)
        #expect(returning.user.id == signIn.user.id)
    }

    @Test("a wrong code is refused and the right one still works", arguments: BackendFlavor.allCases)
    func wrongCode(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.make(flavor)
        _ = try await sut.backend.sendEmailCode(to: "otp@example.com")
        let code = try await sut.latestCode(for: "otp@example.com")
        let wrong = flavor.traits.wrongCode(besides: code)
        await sut.expectFailure("codeInvalid", { try await sut.backend.verifyEmailCode(wrong, email: "otp@example.com") }) {
            $0 == .codeInvalid
        }
        #expect(try await sut.backend.verifyEmailCode(code, email: "otp@example.com").user.email == "otp@example.com")
    }

    @Test("an expired code is refused (Supabase cannot tell expired from wrong)", arguments: BackendFlavor.allCases)
    func expiredCode(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.make(flavor)
        _ = try await sut.backend.sendEmailCode(to: "otp@example.com")
        let code = try await sut.latestCode(for: "otp@example.com")
        sut.clock.advance(by: 3601)
        await sut.expectFailure("an expired code", { try await sut.backend.verifyEmailCode(code, email: "otp@example.com") }) {
            $0 == flavor.traits.expiredCodeError
        }
    }

    @Test("a second code within the resend interval is throttled", arguments: BackendFlavor.allCases)
    func throttled(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.make(flavor)
        _ = try await sut.backend.sendEmailCode(to: "otp@example.com")
        sut.clock.advance(by: 10)
        await sut.expectFailure("rateLimited", { try await sut.backend.sendEmailCode(to: "otp@example.com") }) {
            guard case .rateLimited(let retryAfter) = $0 else { return false }
            return flavor.traits.retryAfterTenSecondsLater.map { retryAfter == $0 } ?? true
        }
        sut.clock.advance(by: 51)
        _ = try await sut.backend.sendEmailCode(to: "otp@example.com")
    }

    @Test("too many wrong codes burn the outstanding one", arguments: BackendFlavor.allCases)
    func tooManyWrongCodes(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.make(flavor)
        _ = try await sut.backend.sendEmailCode(to: "otp@example.com")
        let code = try await sut.latestCode(for: "otp@example.com")
        for attempt in 0..<5 {
            _ = try? await sut.backend.verifyEmailCode(Secret("99999\(attempt)x"), email: "otp@example.com")
        }
        await sut.expectFailure("a refusal of the right code", { try await sut.backend.verifyEmailCode(code, email: "otp@example.com") }) {
            if case .rateLimited = $0 { return true }
            return $0 == .codeInvalid
        }
    }

    @Test("a malformed address is refused before anything is sent", arguments: BackendFlavor.allCases)
    func malformedEmail(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.make(flavor)
        await sut.expectFailure("a refusal", { try await sut.backend.sendEmailCode(to: "not-an-email") }) {
            switch $0 {
            case .invalidEmail, .backend: true
            default: false
            }
        }
        #expect(await sut.world.services.mailbox.messages(for: "not-an-email").isEmpty)
    }
}
