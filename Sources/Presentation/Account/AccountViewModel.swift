import AuthDomain
import Foundation

#if canImport(Combine)
    import Combine
#endif

/// The account screen's model: the signed-in user, link and unlink, sign out, and delete.
/// One action runs at a time; a cancelled sheet shows nothing; other failures show the message
/// from ``AuthErrorMessages``. After sign-out or deletion the app's auth-state stream routes
/// back to sign-in.
///
/// ```swift
/// let account = AccountViewModel(coordinator: coordinator, linkable: [.apple, .google])
/// await account.load()
/// await account.link(.google)
/// ```
@MainActor
public final class AccountViewModel {
    #if canImport(Combine)
        /// Fires before anything the screen shows changes (SwiftUI `ObservableObject`).
        public let objectWillChange = ObservableObjectPublisher()
    #endif

    /// The signed-in user, or `nil` before ``load()`` and after sign-out or deletion.
    public private(set) var user: AuthUser? {
        willSet { notifyWillChange() }
    }

    /// The action that runs now.
    public private(set) var running: AccountAction? {
        willSet { notifyWillChange() }
    }

    /// The message of the last failure, until ``dismissError()``.
    public private(set) var errorMessage: String? {
        willSet { notifyWillChange() }
    }

    /// The providers this screen can link (those the app registered a strategy for).
    public let linkable: [ProviderID]

    private let coordinator: any AuthenticationCoordinating
    private let messages: AuthErrorMessages

    /// Creates the model.
    /// - Parameters:
    ///   - coordinator: The app's coordinator.
    ///   - linkable: The providers the screen offers to link, in order.
    ///   - messages: The user-facing error messages.
    public init(coordinator: any AuthenticationCoordinating, linkable: [ProviderID], messages: AuthErrorMessages = AuthErrorMessages()) {
        self.coordinator = coordinator
        self.linkable = linkable
        self.messages = messages
    }

    /// The decided screen, or `nil` when nobody is signed in.
    public var screen: AccountScreenState? {
        user.map { AccountScreenState(user: $0, linkable: linkable, running: running) }
    }

    /// Reads the signed-in user.
    public func load() async {
        user = await coordinator.currentUser()
    }

    /// Adds a way in (shows the provider's sheet).
    /// - Parameter provider: The provider.
    public func link(_ provider: ProviderID) async {
        await run(.link(provider)) { () async throws(AuthError) in
            user = try await coordinator.link(provider).user
        }
    }

    /// Removes a way in.
    /// - Parameter provider: The provider.
    public func unlink(_ provider: ProviderID) async {
        await run(.unlink(provider)) { () async throws(AuthError) in
            user = try await coordinator.unlink(provider)
        }
    }

    /// Signs out of this device.
    public func signOut() async {
        await run(.signOut) { () async throws(AuthError) in
            try await coordinator.signOut(scope: .local)
            user = nil
        }
    }

    /// Deletes the account (call it after the user confirmed ``AccountScreenState/deleteConfirmation``).
    public func deleteAccount() async {
        await run(.deleteAccount) { () async throws(AuthError) in
            try await coordinator.deleteAccount()
            user = nil
        }
    }

    /// Hides the last failure's message.
    public func dismissError() {
        errorMessage = nil
    }

    private func run(_ action: AccountAction, _ body: () async throws(AuthError) -> Void) async {
        guard running == nil else { return }
        running = action
        errorMessage = nil
        do throws(AuthError) {
            try await body()
        } catch {
            errorMessage = messages.message(for: error)
        }
        running = nil
    }

    private func notifyWillChange() {
        #if canImport(Combine)
            objectWillChange.send()
        #endif
    }
}

#if canImport(Combine)
    /// As ``LoginViewModel``'s: SwiftUI reads `objectWillChange` on the main actor only.
    extension AccountViewModel: @preconcurrency ObservableObject {}
#endif
