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
    /// - Throws: ``AuthError/invalidInput(_:)`` when `emulatorHost` is not `host:port`.
    func url(host: String, path: String) throws(AuthError) -> URL {
        let text =
            try emulatorHost.map { (emulator) throws(AuthError) in try Self.emulatorBaseURL(emulator).absoluteString + "/\(host)/\(path)" }
            ?? "https://\(host)/\(path)"
        guard let url = URL(string: text) else { throw .invalidInput("cannot form a URL for \(host)/\(path)") }
        return url
    }

    /// The base URL of an emulator at `host:port`, as the SDKs' `useEmulator(withHost:port:)`
    /// takes it: a host name, an IPv4 address or a bracketed IPv6 address, and a port 1–65535.
    /// - Parameter hostAndPort: The address, without a scheme.
    /// - Returns: `http://host:port`.
    /// - Throws: ``AuthError/invalidInput(_:)`` naming what is wrong.
    public static func emulatorBaseURL(_ hostAndPort: String) throws(AuthError) -> URL {
        let refusal = AuthError.invalidInput("the emulator address \"\(hostAndPort)\" is not host:port (for example 127.0.0.1:9099)")
        guard let colon = hostAndPort.lastIndex(of: ":") else { throw refusal }
        let host = hostAndPort[..<colon]
        let portText = hostAndPort[hostAndPort.index(after: colon)...]
        guard !portText.isEmpty, portText.count <= 5, portText.allSatisfy({ $0.isASCII && $0.isNumber }),
            let port = Int(portText), (1...65_535).contains(port)
        else { throw refusal }
        let isName = !host.isEmpty && host.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }
        let isIPv6 =
            host.count > 2 && host.first == "[" && host.last == "]"
            && host.dropFirst().dropLast().allSatisfy { $0.isASCII && ($0.isHexDigit || $0 == ":" || $0 == ".") }
        guard isName || isIPv6, let url = URL(string: "http://\(host):\(port)") else { throw refusal }
        return url
    }
}
