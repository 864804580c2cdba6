/// A refusal from the auth backend, with the backend's own code and message.
public struct BackendError: Hashable, Sendable, CustomStringConvertible {
    /// The backend's error code (`otp_expired`, `EMAIL_EXISTS`, …).
    public var code: BackendErrorCode
    /// The backend's message.
    public var message: String
    /// The HTTP status, when the error came over HTTP or mimics it.
    public var status: Int?

    /// Creates a backend error.
    /// - Parameters:
    ///   - code: The backend's code.
    ///   - message: The backend's message.
    ///   - status: The HTTP status, if any.
    public init(code: BackendErrorCode, message: String, status: Int? = nil) {
        self.code = code
        self.message = message
        self.status = status
    }

    /// Whether the status says the server failed (5xx or 408) rather than refused.
    public var isServerFailure: Bool {
        guard let status else { return false }
        return status >= 500 || status == 408
    }

    /// `code (status): message`.
    public var description: String {
        "\(code.rawValue)" + (status.map { " (\($0))" } ?? "") + ": \(message)"
    }
}

/// A backend error code; an open set so that codes added on the server still decode.
public struct BackendErrorCode: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The code as the backend sends it.
    public let rawValue: String

    /// Creates a code.
    /// - Parameter rawValue: The code as sent.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Creates a code from a literal.
    /// - Parameter value: The code as sent.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The backend gave no code.
    public static let unknown: BackendErrorCode = "unknown"

    /// The code as sent.
    public var description: String { rawValue }
}
