import AuthData
import AuthDomain
import AuthSimulation
import Foundation

/// What a command reads before it asks a question: so the question waits for the person with no
/// lock held (a prompt that held the state directory's lock used to block `login mailbox`, the
/// very command that shows the code being asked for).
extension LoginEnvironment {
    /// Whether the next Apple sheet is the app's first authorization for the device's Apple ID.
    /// - Parameters:
    ///   - options: The global options.
    ///   - appleID: The Apple ID given on the command line, if any.
    /// - Returns: `nil` when there is no Apple (a remote backend without `--idp-url`).
    /// - Throws: The reported ``CLIExit``.
    static func isFirstAppleAuthorization(_ given: GlobalOptions, appleID: String?) async throws -> Bool? {
        let options = given.reachingServe()
        let reporter = Reporter(json: options.json, verbose: options.verbose)
        let directory = StateDirectoryAccess(url: options.stateDirectory, lockTimeout: options.lockTimeout, backend: options.backend)
        do {
            try directory.prepare()
            let composer = LoginComposer(
                options: options, sheets: ProviderSheets(), directory: directory, signIn: .none, termsAccepted: false,
                reporter: reporter, logger: makeLogger(verbose: options.verbose),
                transport: LazyURLSessionTransport.make(limits: options.transportLimits))
            let providers: IdentityProviders
            var embedded: EmbeddedServices?
            if options.isRemote {
                providers = composer.remoteProviders()
            } else {
                try directory.refuseIfServed()
                embedded = try await composer.openServices(writing: false)
                providers = .embedded(embedded!.services)
            }
            defer { embedded?.close() }
            let deviceAppleID = appleID ?? DeviceSettings.load(from: directory.url).appleID
            return try await providers.isFirstAppleAuthorization(
                appleID: deviceAppleID, clientID: options.simulationConfiguration.clientID(for: .apple))
        } catch {
            throw reporter.report(error, options: options)
        }
    }

    /// The stored session, read without any lock (the file is replaced atomically).
    /// - Parameter options: The global options.
    /// - Returns: The session, or `nil` when signed out.
    /// - Throws: The reported ``CLIExit`` when the state directory cannot be used.
    static func storedSession(_ given: GlobalOptions) async throws -> StoredSession? {
        let options = given.reachingServe()
        let reporter = Reporter(json: options.json, verbose: options.verbose)
        let directory = StateDirectoryAccess(url: options.stateDirectory, lockTimeout: options.lockTimeout, backend: options.backend)
        do { try directory.prepare() } catch { throw reporter.report(error, options: options) }
        let file = directory.url.appendingPathComponent(SessionFiles.name(options))
        let store = FileSessionStore(fileURL: file, logger: makeLogger(verbose: options.verbose))
        return try? await store.load()
    }
}
