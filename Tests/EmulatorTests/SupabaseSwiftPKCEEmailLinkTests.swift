import AuthData
import AuthEmulator
import AuthSimulation
import AuthTestSupport
import Crypto
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// supabase-swift's email-link sign-in with `flowType: .pkce` against `login serve` on a loopback
/// port, request for request as the client sends them (supabase/supabase-swift, Sources/Auth):
/// `signInWithOTP(email:redirectTo:)` (AuthClient.swift: `POST /otp?redirect_to=` with
/// `OTPParams` in snake case, Types.swift; the verifier from `prepareForPKCE`, Internal/PKCE.swift:
/// 64 random bytes in base64url, the challenge base64url(SHA-256), method `s256`); the emailed link
/// opened in a browser (GoTrue api/verify.go); `session(from:)` reading `code` from the deep link
/// (`handlePKCEFlow`) and `exchangeCodeForSession(authCode:)` (`POST /token?grant_type=pkce` with
/// `auth_code` and `code_verifier`), each with the headers Internal/APIClient.swift adds.
@Suite("Emulator: supabase-swift's PKCE email link", .timeLimit(.minutes(5)))
struct SupabaseSwiftPKCEEmailLinkTests {
    private let deepLink = "io.supabase.user-management://login-callback"

    /// A `URLSession` delegate that stops at the first redirect, as an app's browser hands a
    /// custom-scheme `Location` to the app instead of loading it.
    private final class StopAtRedirect: NSObject, URLSessionTaskDelegate, Sendable {
        func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
            newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
        ) {
            completionHandler(nil)
        }
    }

    /// The headers supabase-swift sends on every Auth call (`SupabaseClient` sets `apikey` and
    /// `Authorization`; APIClient.swift adds `X-Supabase-Api-Version: 2024-01-01`).
    private func clientRequest(_ url: URL, method: String, anonKey: String, body: Data?) -> URLRequest {
        var request = URLRequest(url: url, timeoutInterval: 10)
        request.httpMethod = method
        request.setValue(anonKey, forHTTPHeaderField: "apikey")
        request.setValue("Bearer \(anonKey)", forHTTPHeaderField: "Authorization")
        request.setValue("supabase-swift/2.0.0", forHTTPHeaderField: "X-Client-Info")
        request.setValue("2024-01-01", forHTTPHeaderField: "X-Supabase-Api-Version")
        if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        request.httpBody = body
        return request
    }

    private func base64URL(_ data: some DataProtocol) -> String {
        Data(data).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    @Test("signInWithOTP with a challenge, the link in a browser, session(from:) and exchangeCodeForSession: a session for the address")
    func emailLinkSignIn() async throws {
        var setup = SimulationConfiguration()
        setup.supabase.uriAllowList = ["io.supabase.user-management://**"]
        let world = try await TestWorld.make(configuration: setup)
        let server = try await RunningEmulator.start(services: world.services)
        let anonKey = server.emulator.anonKey
        let auth = server.baseURL.appendingPathComponent("auth/v1")
        let session = URLSession(configuration: .ephemeral, delegate: StopAtRedirect(), delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }

        // prepareForPKCE: the verifier kept by the client, the challenge sent.
        let verifier = base64URL((0..<64).map { _ in UInt8.random(in: 0...255) })
        let challenge = base64URL(Array(SHA256.hash(data: Data(verifier.utf8))))
        let otpBody = #"{"code_challenge":"\#(challenge)","code_challenge_method":"s256","create_user":true,"email":"ada@example.com"}"#
        var otpURL = URLComponents(url: auth.appendingPathComponent("otp"), resolvingAgainstBaseURL: false)!
        otpURL.queryItems = [URLQueryItem(name: "redirect_to", value: deepLink)]
        let (_, otpResponse) = try await session.data(
            for: clientRequest(otpURL.url!, method: "POST", anonKey: anonKey, body: Data(otpBody.utf8)))
        #expect((otpResponse as? HTTPURLResponse)?.statusCode == 200)

        // The person opens the mailed link: a browser, no API key.
        let link = try #require(await world.services.mailbox.latest(for: "ada@example.com")?.link)
        // The test world's issuer names port 9999; the link's path and query go to this server's port.
        var linkParts = try #require(URLComponents(string: link))
        linkParts.port = server.port
        let linkURL = try #require(linkParts.url)
        #expect(
            URLComponents(url: linkURL, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "token" }?.value?.hasPrefix("pkce_")
                == true)
        let (_, verifyResponse) = try await session.data(for: URLRequest(url: linkURL, timeoutInterval: 10))
        let redirect = try #require(verifyResponse as? HTTPURLResponse)
        #expect(redirect.statusCode == 303)
        let location = try #require(redirect.value(forHTTPHeaderField: "Location"))
        #expect(location.hasPrefix(deepLink + "?code="))

        // session(from:) → extractParams (query and fragment) → handlePKCEFlow: no error, a code.
        let params = URLComponents(string: location)?.queryItems ?? []
        #expect(!params.contains { ["error", "error_code", "error_description"].contains($0.name) })
        let code = try #require(params.first { $0.name == "code" }?.value)
        var tokenURL = URLComponents(url: auth.appendingPathComponent("token"), resolvingAgainstBaseURL: false)!
        tokenURL.queryItems = [URLQueryItem(name: "grant_type", value: "pkce")]
        let tokenBody = try JSONEncoder().encode(["auth_code": code, "code_verifier": verifier])
        let (data, tokenResponse) = try await session.data(
            for: clientRequest(tokenURL.url!, method: "POST", anonKey: anonKey, body: tokenBody))
        #expect((tokenResponse as? HTTPURLResponse)?.statusCode == 200)

        // What supabase-swift's `Session` decodes (Types.swift): the tokens, their lifetime, the user.
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect((object["access_token"] as? String)?.isEmpty == false && (object["refresh_token"] as? String)?.isEmpty == false)
        #expect(object["token_type"] as? String == "bearer" && object["expires_in"] is Int && object["expires_at"] is Int)
        let user = try #require(object["user"] as? [String: Any])
        #expect(user["email"] as? String == "ada@example.com" && user["email_confirmed_at"] is String)
        await server.stop()
    }
}
