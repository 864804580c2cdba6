/// A refusal from Firebase Auth: the `{"error": {"code", "message"}}` envelope, whose message is
/// `CODE` or `CODE : detail`.
package struct FirebaseFailure: Error, Hashable, Sendable {
    /// The HTTP status.
    package var status: Int
    /// The whole message, `CODE : detail`.
    package var message: String

    package init(status: Int = 400, message: String) {
        self.status = status
        self.message = message
    }

    package init(status: Int = 400, code: String, detail: String?) {
        self.status = status
        self.message = detail.map { "\(code) : \($0)" } ?? code
    }

    /// The code before the first `:`.
    package var code: String {
        guard let colon = message.firstIndex(of: ":") else { return message.trimmingSpaces }
        return String(message[..<colon]).trimmingSpaces
    }

    /// The detail after the first `:`, if any.
    package var detail: String? {
        guard let colon = message.firstIndex(of: ":") else { return nil }
        return String(message[message.index(after: colon)...]).trimmingSpaces
    }
}

extension String {
    var trimmingSpaces: String {
        var text = Substring(self)
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
