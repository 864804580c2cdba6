import AuthData
import AuthDomain
import AuthPresentation
import Foundation
import Logging
import Testing

/// The README's "Embedding it" example, compiled against the current API (issue 15, item 12):
/// `example` holds its lines, and the test checks that the README still shows exactly these.
/// `KeychainSessionStore` exists on Apple platforms only; the iOS type-check of the README
/// (`../shared/ios-check`) covers that line, Linux compiles the same example with an in-memory
/// store in its place.
@Suite("README: the embedding example")
struct ReadmeEmbeddingExampleTests {
    static func example(projectURL: URL, anonKey: String, appleSheet: any AppleIDAuthorizing, revoker: any AppleTokenRevoking, logger: Logger) async throws {
        let backend = SupabaseAuthBackend(configuration: SupabaseConfiguration(projectURL: projectURL, apiKey: anonKey),
                                          transport: .urlSession(), clock: .live)   // or FirebaseAuthBackend(configuration:transport:clock:)
        #if canImport(Security)
        let sessions = SessionManager(backend: backend, store: KeychainSessionStore(service: "com.example.app", logger: logger),
                                      clock: .live, policy: .supabase, logger: logger)
        #else
        let sessions = SessionManager(backend: backend, store: InMemorySessionStore(), clock: .live, policy: .supabase, logger: logger)
        #endif
        let profiles = InMemoryProfileCache()
        let coordinator = AuthenticationCoordinator(backend: backend, sessions: sessions, profileCache: profiles, logger: logger)
        await coordinator.register(AppleAuthStrategy(authorizer: appleSheet, backend: backend, nonces: NonceGenerator(source: .live),
                                                     profileCache: profiles, tokenRevoker: revoker, logger: logger))
        await coordinator.register(AnonymousAuthStrategy(backend: backend))
        await coordinator.start()                                  // restores the stored session, asks the providers if it stands

        let membership = ClaimMembershipChecker(claim: "org", location: .appMetadata, coordinator: coordinator)  // nil: no invitation gate
        let login = LoginUseCase(coordinator: coordinator,
                                 router: PostAuthRouter(profiles: AuthUserProfileRepository(cache: profiles), membership: membership),
                                 requiresTermsAcceptance: true)
        let model = await LoginViewModel(login: login)             // .idle → .loading → .success(destination) / .error(message)
        await MainActor.run { model.termsAccepted = true }         // the terms checkbox
        await model.signIn(with: .social(.apple))                  // .pendingInvitation until the admin sets app_metadata.org
        try await coordinator.link(.google)                        // the rest of the app API: link, unlink, deleteAccount, signOut, …
    }

    @Test("every line of the README's example is a line of the compiled example")
    func readmeMatches() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "```swift\n"))
        let end = try #require(readme.range(of: "\n```", range: start.upperBound..<readme.endIndex))
        let example = readme[start.upperBound..<end.lowerBound].split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let compiled = Set(try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8).split(separator: "\n").map {
            $0.trimmingCharacters(in: .whitespaces)
        })
        for line in example where !line.isEmpty && !line.hasPrefix("import ") {
            #expect(compiled.contains(line), "README line not in the compiled example: \(line)")
        }
    }
}
