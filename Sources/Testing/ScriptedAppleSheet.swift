import AuthData
import AuthDomain
import AuthSimulation
import Foundation

/// The Sign in with Apple sheet, scripted per test: each sheet the app shows takes the next
/// scripted step (approve as a given person, sharing or hiding the email; cancel; fail with one of
/// `ASAuthorizationError`'s codes); with nothing scripted, the person approves as
/// ``defaultAppleID``. Tokens come from the simulated Apple ID, so the backend verifies them for
/// real; whether a sheet is a first authorisation (name and email given) or a returning one is
/// Apple's own record, as on a device.
///
/// ```swift
/// app.apple.approve(as: "ada@example.com", name: PersonName(givenName: "Ada", familyName: "Lovelace"))
/// app.apple.fail(.failed)               // ASAuthorizationError 1004 on the next sheet
/// await app.apple.revokeCredential(appleID: "ada@example.com")   // Settings › Apple ID › Stop using
/// ```
public final class ScriptedAppleSheet: AppleIDAuthorizing {
    /// One sheet's outcome.
    public enum Step: Sendable, Hashable {
        /// The person approves as `appleID`, typing `name` and choosing Hide My Email or not
        /// (both asked only on a first authorisation).
        case approve(appleID: String, name: PersonName?, hideEmail: Bool)
        /// The person dismisses the sheet (`ASAuthorizationError.canceled`, 1001).
        case cancel
        /// The sheet fails with one of `ASAuthorizationError`'s codes.
        case fail(AppleIDError)
    }

    private struct State: Sendable {
        var steps: [Step] = []
        var shown = 0
        var watchers: [AsyncStream<Void>.Continuation] = []
    }

    /// The simulated Apple ID behind the sheet.
    public let apple: SimulatedAppleID
    /// The app's bundle id (the tokens' `aud`).
    public let clientID: String
    /// Who approves when nothing is scripted.
    public let defaultAppleID: String
    private let state = Locked(State())

    /// Creates a sheet.
    /// - Parameters:
    ///   - apple: The simulated Apple ID.
    ///   - clientID: The app's bundle id.
    ///   - defaultAppleID: Who approves when nothing is scripted.
    public init(apple: SimulatedAppleID, clientID: String, defaultAppleID: String = "ada@example.com") {
        self.apple = apple
        self.clientID = clientID
        self.defaultAppleID = defaultAppleID
    }

    /// How many sheets the app has shown.
    public var shownCount: Int { state.withLock { $0.shown } }

    /// Scripts the next sheet.
    /// - Parameter step: What happens on it.
    public func script(_ step: Step) { state.withLock { $0.steps.append(step) } }

    /// The next sheet is approved by `appleID`.
    /// - Parameters:
    ///   - appleID: The Apple ID on the device.
    ///   - name: The name typed on a first authorisation.
    ///   - hideEmail: Whether Hide My Email is chosen on a first authorisation.
    public func approve(as appleID: String, name: PersonName? = nil, hideEmail: Bool = false) {
        script(.approve(appleID: appleID, name: name, hideEmail: hideEmail))
    }

    /// The next sheet is dismissed.
    public func cancel() { script(.cancel) }

    /// The next sheet fails.
    /// - Parameter error: The `ASAuthorizationError` code.
    public func fail(_ error: AppleIDError) { script(.fail(error)) }

    /// Makes `appleID` a returning user of this app at Apple (authorised before, say on another
    /// device), so the app's next sheet gives neither name nor email.
    /// - Parameter appleID: The Apple ID.
    /// - Throws: ``AppleIDError`` when Apple refuses.
    public func authorizeElsewhere(appleID: String) async throws {
        _ = try await apple.authorize(AppleSheetRequest(clientID: clientID, appleID: appleID))
    }

    /// The person stops using Sign in with Apple for this app while it runs: Apple revokes the
    /// authorisation and the device posts `credentialRevokedNotification`.
    /// - Parameter appleID: The Apple ID.
    public func revokeCredential(appleID: String) async {
        await apple.revokeAuthorization(appleID: appleID, clientID: clientID)
        for watcher in state.withLock({ $0.watchers }) { watcher.yield() }
    }

    /// Shows the sheet: the next scripted step, or an approval by ``defaultAppleID``.
    /// - Parameter request: The scopes and hashed nonce.
    /// - Returns: The credential.
    /// - Throws: ``AuthError`` as the system sheet's errors map (`cancelled`, `notHandled`,
    ///   `authorizationFailed`).
    public func authorize(_ request: AppleIDRequest) async throws(AuthError) -> AppleIDCredential {
        let step = state.withLock { state -> Step? in
            state.shown += 1
            return state.steps.isEmpty ? nil : state.steps.removeFirst()
        }
        var choice = AppleSheetChoice(appleID: defaultAppleID)
        switch step ?? .approve(appleID: defaultAppleID, name: nil, hideEmail: false) {
        case .approve(let appleID, let name, let hideEmail): choice = AppleSheetChoice(appleID: appleID, name: name, hideEmail: hideEmail)
        case .cancel: choice.cancel = true
        case .fail(let error): await apple.scriptNextAuthorization(error)
        }
        return try await SimulatedAppleIDAuthorizer(appleID: apple, clientID: clientID, choice: choice).authorize(request)
    }

    /// Apple's credential state for the user and this app.
    /// - Parameter userID: The user identifier.
    /// - Returns: The state.
    public func credentialState(forUserID userID: String) async throws(AuthError) -> AppleIDCredentialState {
        await apple.credentialState(userID: userID, clientID: clientID)
    }

    /// Revocations reported by ``revokeCredential(appleID:)``.
    /// - Returns: A stream of reports.
    public func credentialRevocations() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
        state.withLock { $0.watchers.append(continuation) }
        return stream
    }
}
