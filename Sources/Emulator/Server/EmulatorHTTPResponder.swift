import Foundation
import HTTPTypes
import Hummingbird

/// Bridges Hummingbird requests to ``Emulator/handle(_:)``: reads the body up to the size limit
/// (a larger body gets the service's 413), and writes the emulator's response.
struct EmulatorHTTPResponder: HTTPResponder {
    typealias Context = EmulatorRequestContext
    let emulator: Emulator

    func respond(to request: Request, context: Context) async throws -> Response {
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.canonicalName] = field.value }
        // HTTP/1.1's Host arrives as the `:authority` pseudo-header, port included.
        if headers["host"] == nil, let authority = request.head.authority { headers["host"] = authority }
        var message = EmulatorRequest(method: request.method.rawValue, target: request.head.path ?? "/", headers: headers)
        message.clientAddress = context.clientAddress
        var request = request
        do {
            let buffer = try await request.collectBody(upTo: emulator.configuration.maxBodySize)
            message.body = Array(buffer: buffer)
        } catch {
            return Self.response(emulator.bodyTooLarge(message))
        }
        let response = await emulator.handle(message)
        // The path only: a query may carry a key or a code.
        context.logger.debug("\(message.method) \(message.path) \(response.status)")
        return Self.response(response)
    }

    static func response(_ response: EmulatorResponse) -> Response {
        var fields = HTTPFields()
        for (name, value) in response.headers {
            if let fieldName = HTTPField.Name(name) { fields.append(HTTPField(name: fieldName, value: value)) }
        }
        return Response(
            status: HTTPResponse.Status(code: response.status), headers: fields,
            body: response.body.isEmpty ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(bytes: response.body)))
    }
}
