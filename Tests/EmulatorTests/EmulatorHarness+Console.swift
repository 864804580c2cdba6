import AuthData
import AuthEmulator
import AuthJWT
import Foundation

/// The console as a browser on this machine uses it: pages by GET, actions by form POST with
/// the token read from a page.
extension EmulatorHarness {
    /// A console request.
    /// - Parameters:
    ///   - method: The method.
    ///   - target: Path and query.
    ///   - form: Form fields (sent as `application/x-www-form-urlencoded`), if any.
    ///   - client: The peer address; `nil` for in process.
    ///   - headers: More headers.
    func console(
        _ method: String, _ target: String, form: [(String, String)]? = nil, client: String? = nil,
        headers: [String: String] = [:]
    ) async -> EmulatorResponse {
        var all = headers
        if form != nil { all["content-type"] = "application/x-www-form-urlencoded" }
        var request = EmulatorRequest(method: method, target: target, headers: all, body: Array(FormEncoding.encode(form ?? []).utf8))
        request.clientAddress = client
        return await emulator.handle(request)
    }

    /// The form token the console's pages carry.
    func consoleToken() async throws -> String {
        let page = await console("GET", "/console").text
        let marker = #"name="csrf_token" value=""#
        guard let start = page.range(of: marker)?.upperBound, let end = page[start...].firstIndex(of: "\"") else {
            throw SupabaseFailure.api(status: 0, code: "no-token", message: "the console page carries no form token")
        }
        return String(page[start..<end])
    }

    /// A console action posted as its page posts it, with the token.
    func consolePost(_ path: String, _ fields: [(String, String)] = []) async throws -> EmulatorResponse {
        await console("POST", path, form: [("csrf_token", try await consoleToken())] + fields)
    }

    /// Signs in to the Firebase project with a fresh Apple token; returns the response object.
    func firebaseAppleSession(email: String = "ada@example.com") async throws -> JSONObject {
        let (token, nonce) = try await appleToken(email: email)
        return await firebase(
            "accounts:signInWithIdp",
            json: """
                {"requestUri":"http://localhost","postBody":"providerId=apple.com&id_token=\(token)&nonce=\(nonce)","returnSecureToken"\
                :true}
                """
        ).object
    }

    /// A Supabase refresh.
    func supabaseRefresh(_ session: JSONObject) async -> EmulatorResponse {
        await supabase(
            "POST", "token?grant_type=refresh_token", json: #"{"refresh_token":"\#(session["refresh_token"]?.stringValue ?? "")"}"#)
    }

    /// A Firebase Secure Token refresh.
    func firebaseRefresh(_ session: JSONObject) async -> EmulatorResponse {
        await send(
            "POST", "/securetoken.googleapis.com/v1/token?key=k",
            json: #"{"grant_type":"refresh_token","refresh_token":"\#(session["refreshToken"]?.stringValue ?? "")"}"#)
    }

    /// The user page's path of a Supabase or Firebase user.
    func consolePath(supabase id: String) -> String { "/console/users/supabase/\(id)" }

    /// The user page's path of a user of the default Firebase project.
    func consolePath(firebase id: String) -> String { "/console/users/firebase:\(project)/\(id)" }
}

extension EmulatorResponse {
    /// The body as text.
    var text: String { String(decoding: body, as: UTF8.self) }

    /// How many data rows the page's tables have (rows with a row header).
    var tableRows: Int { text.components(separatedBy: "<th scope=\"row\"").count - 1 }
}
