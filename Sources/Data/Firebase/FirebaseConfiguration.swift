import AuthDomain
import Foundation

/// Where a Firebase project (or an Auth emulator) is and how to call it.
public struct FirebaseConfiguration: Sendable, Hashable {
    /// The Web API key (`?key=`).
    public var apiKey: String
    /// The project id, for admin calls.
    public var projectID: String?
    /// `host:port` of an Auth emulator, as the SDKs' `useEmulator(withHost:port:)`; `nil` for
    /// production hosts.
    public var emulatorHost: String?
    /// A bearer token with admin rights (the emulator accepts `owner`); enables global sign-out.
    public var adminToken: Secret?
    /// `X-Client-Version`.
    public var clientVersion: String
    /// Seconds between two sign-in emails to one address, as the project is configured.
    public var emailResendInterval: TimeInterval

    /// Creates a configuration.
    /// - Parameters:
    ///   - apiKey: The Web API key.
    ///   - projectID: The project id.
    ///   - emulatorHost: `host:port` of an emulator.
    public init(apiKey: String, projectID: String? = nil, emulatorHost: String? = nil) {
        self.apiKey = apiKey
        self.projectID = projectID
        self.emulatorHost = emulatorHost
        self.adminToken = nil
        self.clientVersion = "Swift/AuthCoordinator/0.1"
        self.emailResendInterval = 60
    }

    /// The URL of a Google API: `https://<host>/<path>`, or through the emulator
    /// `http://<emulator>/<host>/<path>`.
    /// - Parameters:
    ///   - host: `identitytoolkit.googleapis.com` or `securetoken.googleapis.com`.
    ///   - path: The path after the host.
    /// - Returns: The URL.
    func url(host: String, path: String) -> URL {
        if let emulatorHost { return URL(string: "http://\(emulatorHost)/\(host)/\(path)")! }
        return URL(string: "https://\(host)/\(path)")!
    }
}
