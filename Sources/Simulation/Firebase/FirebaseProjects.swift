import AuthData
import AuthDomain
import Foundation

/// The Firebase projects the simulated services serve: one ``FirebaseEngine``, and so one user
/// store, per project id. Admin calls name their project in the path and reach only that
/// project's users; calls with an API key go to the default project, as in Google's emulator
/// (which ignores the key). ID tokens carry their project as `aud` and `iss`, so a token of one
/// project is refused by another.
///
/// ```swift
/// let projects = FirebaseProjects(base: configuration, projectIDs: ["demo-a", "demo-b"], clock: .live,
///                                 mailbox: mailbox, providerKeys: makeKeys, storage: InMemorySimulationStorage())
/// let other = projects.engine(for: "demo-b")
/// ```
public final class FirebaseProjects: Sendable {
    /// The default project's engine (the first project id).
    public let defaultEngine: FirebaseEngine
    /// The project ids served, the default first.
    public let projectIDs: [String]
    private let engines: [String: FirebaseEngine]

    /// Builds one engine per project.
    /// - Parameters:
    ///   - base: The configuration every project shares; its `projectID` is replaced per project.
    ///   - projectIDs: The projects (the first is the default; duplicates are ignored). Empty
    ///     means `base.projectID` alone.
    ///   - clock: The time source.
    ///   - mailbox: Where sign-in links are mailed.
    ///   - providerKeys: Makes the identity providers' key caches (one set per engine).
    ///   - storage: Where every project's rows are kept (a project not served this run keeps its
    ///     rows untouched).
    ///   - webFlow: The providers' OAuth front doors, for `createAuthUri`.
    package init(
        base: FirebaseEngineConfiguration, projectIDs: [String], clock: AuthClock, mailbox: SimulatedMailbox,
        providerKeys: () -> [ProviderID: KeySetCache], storage: any SimulationStorage, webFlow: ProviderWebFlow? = nil
    ) {
        let defaultID = projectIDs.first ?? base.projectID
        var ids = [defaultID]
        for id in projectIDs where !ids.contains(id) { ids.append(id) }
        func makeEngine(_ id: String) -> FirebaseEngine {
            var configuration = base
            configuration.projectID = id
            return FirebaseEngine(
                configuration: configuration, clock: clock, mailbox: mailbox, providerKeys: providerKeys(),
                storage: storage, webFlow: webFlow)
        }
        let defaultEngine = makeEngine(defaultID)
        var engines = [defaultID: defaultEngine]
        for id in ids.dropFirst() { engines[id] = makeEngine(id) }
        self.projectIDs = ids
        self.engines = engines
        self.defaultEngine = defaultEngine
    }

    /// The engine of a project.
    /// - Parameter projectID: The project id.
    /// - Returns: Its engine, or `nil` when the project is not served.
    public func engine(for projectID: String) -> FirebaseEngine? { engines[projectID] }
}
