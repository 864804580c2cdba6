import AuthData
import AuthDomain
import AuthSimulation
import AuthTestSupport
import Foundation
import Testing

/// Bad input to Firebase's password calls through the library, in process and over the emulator:
/// Google's own codes, never a crash. After firebase-tools src/emulator/auth/operations.ts
/// (`signUp`: `MISSING_PASSWORD`, `INVALID_EMAIL`, `WEAK_PASSWORD`; `resetPassword` and
/// `setAccountInfoImpl`: `INVALID_OOB_CODE`, a code of another kind included) and Google's
/// password policy reference (at most 4096 characters, `PASSWORD_DOES_NOT_MEET_REQUIREMENTS`).
@Suite("Backend contract: bad password input on Firebase")
struct FirebasePasswordInputContractTests {
    private static let flavors: [BackendFlavor] = [.firebaseInProcess, .firebaseREST]
    private static let password = Secret("correct horse 1")

    private func backendCode(_ code: String) -> (AuthError) -> Bool {
        { if case .backend(let error) = $0 { error.code.rawValue == code } else { false } }
    }

    @Test("an empty password: MISSING_PASSWORD from the service; the strategy refuses it before sending", arguments: flavors)
    func empty(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.passwords(flavor)
        let backend = try sut.passwordBackend
        await sut.expectFailure(
            "MISSING_PASSWORD", { try await backend.signUp(PasswordSignUp(email: "ada@example.com", password: "")) },
            matches: backendCode("MISSING_PASSWORD"))
        _ = try await sut.signedUp("ada@example.com", password: Self.password)
        await sut.expectFailure(
            "MISSING_PASSWORD", { try await backend.signIn(email: "ada@example.com", password: "") },
            matches: backendCode("MISSING_PASSWORD"))
        let strategy = PasswordAuthStrategy(backend: try #require(sut.backend as? any PasswordAuthBackend & AuthBackend))
        await sut.expectFailure("invalidInput", { try await strategy.signIn(with: .password(email: "ada@example.com", password: "")) }) {
            if case .invalidInput = $0 { true } else { false }
        }
    }

    @Test(
        "huge passwords: over Google's 4096 characters PASSWORD_DOES_NOT_MEET_REQUIREMENTS; 4096 and past bcrypt's 72 bytes work",
        arguments: flavors)
    func huge(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.passwords(flavor)
        let backend = try sut.passwordBackend
        let over = Secret(String(repeating: "p", count: 4097))
        let tooLong = { try await backend.signUp(PasswordSignUp(email: "ada@example.com", password: over)) }
        await sut.expectFailure("weakPassword(length)", tooLong) {
            if case .weakPassword(let reasons, _) = $0 { reasons == ["length"] } else { false }
        }
        let megabyte = Secret(String(repeating: "p", count: 1 << 20))
        await sut.expectFailure("a refusal", { try await backend.signIn(email: "ada@example.com", password: megabyte) }) { _ in true }

        let longest = Secret(String(repeating: "é", count: 2048))
        _ = try await sut.signedUp("ada@example.com", password: longest)
        #expect(try await backend.signIn(email: "ada@example.com", password: longest).user.email == "ada@example.com")
        let prefix = String(repeating: "a", count: 72)
        _ = try await sut.signedUp("grace@example.com", password: Secret(prefix + "x"))
        let sharedPrefix = { try await backend.signIn(email: "grace@example.com", password: Secret(prefix + "y")) }
        await sut.expectFailure("invalidLoginCredentials past bcrypt's 72 bytes", sharedPrefix) {
            $0 == .invalidLoginCredentials
        }
    }

    @Test("malformed emails: INVALID_EMAIL (invalidEmail) for a sign-up, a sign-in and a recovery", arguments: flavors)
    func malformedEmails(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.passwords(flavor)
        let backend = try sut.passwordBackend
        let isInvalidEmail: (AuthError) -> Bool = { if case .invalidEmail = $0 { true } else { false } }
        for email in ["not-an-email", "ada@", "@example.com", "a da@example.com", String(repeating: "a", count: 300) + "@example.com"] {
            let signUp = { try await backend.signUp(PasswordSignUp(email: email, password: Self.password)) }
            await sut.expectFailure("invalidEmail for \(email.prefix(20))", signUp, matches: isInvalidEmail)
            let signIn = { try await backend.signIn(email: email, password: Self.password) }
            await sut.expectFailure("invalidEmail", signIn, matches: isInvalidEmail)
        }
        await sut.expectFailure("invalidEmail", { try await backend.sendPasswordRecovery(to: "nobody") }, matches: isInvalidEmail)
        #expect(await flavor.traits.userCount(in: sut.world.services) == 0)
    }

    @Test(
        "wrong, spent, mistyped-kind and expired oob codes: INVALID_OOB_CODE (codeInvalid) and EXPIRED_OOB_CODE (codeExpired)",
        arguments: flavors)
    func oobCodes(flavor: BackendFlavor) async throws {
        let sut = try await BackendHarness.passwords(flavor)
        let backend = try sut.passwordBackend
        let firebase = try #require(sut.backend as? FirebaseAuthBackend)
        let account = try await sut.signedUp("ada@example.com", password: Self.password)
        let reset = { (code: Secret) in
            try await backend.resetPassword(PasswordReset(email: "ada@example.com", proof: .code(code), newPassword: "new horse 2"))
        }

        _ = try await backend.resend(.signUpConfirmation, to: "ada@example.com", accessToken: account.session.accessToken)
        let verify = try await sut.latestCode(for: "ada@example.com")
        await sut.expectFailure("codeInvalid: a VERIFY_EMAIL code resets nothing", { try await reset(verify) }) { $0 == .codeInvalid }
        await sut.expectFailure("codeInvalid", { try await firebase.applyActionCode(sut.flavor.traits.wrongCode(besides: verify)) }) {
            $0 == .codeInvalid
        }
        await sut.expectFailure("invalidInput", { try await firebase.applyActionCode("") }) {
            if case .invalidInput = $0 { true } else { false }
        }
        sut.clock.advance(by: 3601)
        await sut.expectFailure("codeExpired", { try await firebase.applyActionCode(verify) }) { $0 == .codeExpired }

        _ = try await backend.sendPasswordRecovery(to: "ada@example.com")
        let code = try await sut.latestCode(for: "ada@example.com")
        await sut.expectFailure("codeInvalid", { try await reset(sut.flavor.traits.wrongCode(besides: code)) }) { $0 == .codeInvalid }
        // firebase-tools answers a code of another kind with NotImplementedError (501); the code stays unspent.
        await sut.expectFailure("a refusal: a PASSWORD_RESET code verifies nothing", { try await firebase.applyActionCode(code) }) {
            if case .backend(let error) = $0 { error.status == 501 } else { $0 == .codeInvalid }
        }
        #expect(try await reset(code).user.id == account.user.id)
        await sut.expectFailure("codeInvalid: spent", { try await reset(code) }) { $0 == .codeInvalid }

        sut.clock.advance(by: 61)
        _ = try await backend.sendPasswordRecovery(to: "ada@example.com")
        let late = try await sut.latestCode(for: "ada@example.com")
        sut.clock.advance(by: 3601)
        await sut.expectFailure("codeExpired", { try await reset(late) }) { $0 == .codeExpired }
        #expect(try await backend.signIn(email: "ada@example.com", password: "new horse 2").user.id == account.user.id)
    }
}
