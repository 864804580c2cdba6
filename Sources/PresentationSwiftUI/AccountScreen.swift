#if canImport(SwiftUI)
    import AuthDomain
    import AuthPresentation
    import SwiftUI

    /// The account screen: the user, the ways in with link and unlink, sign out, and "Delete
    /// account" behind a confirmation that says what happens (App Store Review Guideline 5.1.1(v)),
    /// naming Apple's revocation when Apple is linked. Decisions come from ``AccountScreenState``.
    ///
    /// ```swift
    /// AccountScreen(model: AccountViewModel(coordinator: coordinator, linkable: [.apple, .google]))
    /// ```
    @available(iOS 16.0, macOS 13.0, *)
    @MainActor
    public struct AccountScreen: View {
        @ObservedObject private var model: AccountViewModel
        @State private var confirmingDeletion = false

        /// Creates the screen.
        /// - Parameter model: The account view model.
        public init(model: AccountViewModel) {
            self.model = model
        }

        /// The screen.
        public var body: some View {
            Group {
                if let screen = model.screen {
                    content(screen)
                } else {
                    ProgressView().accessibilityLabel("Loading your account")
                }
            }
            .task { await model.load() }
            .alert(
                "Something went wrong", isPresented: errorShown, actions: { Button("OK") { model.dismissError() } },
                message: { Text(model.errorMessage ?? "") })
        }

        private func content(_ screen: AccountScreenState) -> some View {
            List {
                Section {
                    Text(screen.title).font(.headline)
                    if let email = screen.emailLine { Text(email).foregroundStyle(.secondary) }
                }
                Section("Ways to sign in") {
                    ForEach(screen.providers) { row in
                        LinkedProviderRowView(row: row) {
                            Task {
                                if row.action == .link { await model.link(row.provider) } else { await model.unlink(row.provider) }
                            }
                        }
                    }
                }
                Section {
                    Button {
                        Task { await model.signOut() }
                    } label: {
                        Label(screen.isSigningOut ? "Signing out" : "Sign out", systemImage: "rectangle.portrait.and.arrow.right")
                    }
                    .disabled(screen.actionsDisabled)
                    Button(role: .destructive) {
                        confirmingDeletion = true
                    } label: {
                        Label(screen.isDeleting ? "Deleting account" : "Delete account", systemImage: "trash")
                    }
                    .disabled(screen.actionsDisabled)
                }
            }
            .confirmationDialog(
                screen.deleteConfirmation.title, isPresented: $confirmingDeletion, titleVisibility: .visible,
                actions: {
                    Button(screen.deleteConfirmation.confirmTitle, role: .destructive) { Task { await model.deleteAccount() } }
                    Button(screen.deleteConfirmation.cancelTitle, role: .cancel) {}
                },
                message: { Text(screen.deleteConfirmation.message) })
        }

        private var errorShown: Binding<Bool> {
            Binding(get: { model.errorMessage != nil }, set: { shown in if !shown { model.dismissError() } })
        }
    }
#endif
