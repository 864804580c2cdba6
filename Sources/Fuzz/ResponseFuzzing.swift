import AuthData
import AuthDomain
import Foundation

/// Fuzz entries for what the REST adapters read from the network: every wire DTO decoded with
/// `JSONDecoder` and mapped to domain values, and every error body decoded and mapped to
/// `AuthError`, the way `SupabaseRESTClient` and `FirebaseRESTClient` do.
enum ResponseFuzzing {
    private static let receivedAt = Date(timeIntervalSince1970: TimeInterval(FuzzFixture.now))
    private static let statuses = [400, 401, 403, 404, 422, 429, 500, 503]

    /// The bytes as a Supabase response body.
    static func supabase(_ bytes: UnsafeBufferPointer<UInt8>) {
        let body = Data(bytes)
        let decoder = JSONDecoder()
        if let payload = try? decoder.decode(SupabaseSessionPayload.self, from: body) {
            let signIn = SupabaseWireMapping.signIn(payload, flow: .idToken)
            fuzzCheck(signIn.user.id == payload.user.id && signIn.session.userID == payload.user.id, "session and user disagree on the id")
            checkUsable(signIn.session)
            _ = "\(signIn.user)"
        }
        if let payload = try? decoder.decode(SupabaseUserPayload.self, from: body) {
            let user = SupabaseWireMapping.user(payload)
            fuzzCheck(user.email == (payload.email.isEmpty ? nil : payload.email), "email mapped wrongly")
            _ = SupabaseNewUserRule.isNewUser(payload, flow: .emailCode)
            _ = "\(user)"
        }
        for status in statuses {
            for headers in [[:], ["X-Supabase-Api-Version": "2024-01-01"]] {
                let failure = SupabaseErrorDecoding.failure(from: HTTPResponseData(status: status, headers: headers, body: body))
                if case .oauth = failure {
                    fuzzCheck(failure.status == 400, "OAuth failures are HTTP 400")
                } else {
                    fuzzCheck(failure.status == status, "the status was not kept")
                }
                checkUsable(SupabaseWireMapping.error(failure))
            }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        if let seconds = SupabaseWireMapping.retryAfter(in: text) {
            fuzzCheck(seconds.isFinite && seconds >= 0, "retry-after of \(seconds) s")
        }
    }

    /// The bytes as a Firebase response body.
    static func firebase(_ bytes: UnsafeBufferPointer<UInt8>) {
        let body = Data(bytes)
        let decoder = JSONDecoder()
        if let response = try? decoder.decode(FirebaseIdpResponse.self, from: body) {
            for provider in [ProviderID.apple, .google] {
                do { try FirebaseWireMapping.checkIdpRefusal(response, provider: provider) } catch { checkUsable(error) }
            }
            session(response.idToken, response.refreshToken, response.expiresIn, response.localId)
        }
        if let response = try? decoder.decode(FirebaseSignUpResponse.self, from: body) {
            session(response.idToken, response.refreshToken, response.expiresIn, response.localId)
        }
        if let response = try? decoder.decode(FirebaseEmailLinkResponse.self, from: body) {
            session(response.idToken, response.refreshToken, response.expiresIn, response.localId)
        }
        if let response = try? decoder.decode(FirebaseSecureTokenResponse.self, from: body) {
            session(response.idToken, response.refreshToken, response.expiresIn, response.userId)
        }
        if let response = try? decoder.decode(FirebaseLookupResponse.self, from: body) {
            for info in response.users ?? [] { user(info) }
        }
        if let response = try? decoder.decode(FirebaseUpdateResponse.self, from: body) {
            session(response.idToken, response.refreshToken, response.expiresIn, response.localId)
            _ = (response.providerUserInfo ?? []).map { ProviderWireNames.provider(firebase: $0.providerId) }
        }
        if let info = try? decoder.decode(FirebaseUserInfoPayload.self, from: body) { user(info) }
        _ = try? decoder.decode(FirebaseOobCodeResponse.self, from: body)

        for status in statuses {
            let failure = FirebaseErrorDecoding.failure(from: HTTPResponseData(status: status, headers: [:], body: body))
            fuzzCheck(failure.status == status, "the status was not kept")
            checkCodeAndDetail(failure)
        }
        checkCodeAndDetail(FirebaseFailure(status: 400, message: String(decoding: bytes, as: UTF8.self)))
    }

    private static func session(_ idToken: String?, _ refreshToken: String?, _ expiresIn: String?, _ userID: String?) {
        guard let userID else { return }
        do {
            let session = try FirebaseWireMapping.session(
                idToken: idToken, refreshToken: refreshToken, expiresIn: expiresIn, userID: userID, now: receivedAt)
            fuzzCheck(session.userID == userID, "session for another user")
            checkUsable(session)
        } catch {
            checkUsable(error)
        }
    }

    private static func user(_ info: FirebaseUserInfoPayload) {
        let user = FirebaseWireMapping.user(info)
        fuzzCheck(user.id == info.localId, "user id changed")
        fuzzCheck(user.isAnonymous == (user.providers.isEmpty && user.email == nil), "anonymous flag inconsistent")
        _ = "\(user)"
    }

    /// `CODE : detail` splits at the first colon; the code never contains one.
    private static func checkCodeAndDetail(_ failure: FirebaseFailure) {
        let code = failure.code
        let detail = failure.detail
        fuzzCheck(!code.contains(":"), "code with a colon")
        fuzzCheck((detail != nil) == failure.message.contains(":"), "detail present without a colon, or missing with one")
        fuzzCheck(!code.hasPrefix(" ") && !code.hasSuffix(" "), "code not trimmed")
        checkUsable(FirebaseWireMapping.error(failure))
    }

    /// What the app does with a session: print it (redacted), persist it, and schedule its
    /// refresh on the clock (`SessionManager`'s auto-refresh delay).
    private static func checkUsable(_ session: AuthSession) {
        _ = session.description
        _ = try? JSONEncoder().encode(session)
        _ = Duration.interval(session.expiresAt.timeIntervalSince(receivedAt))
    }

    /// What the app does with an error: describe it, and classify it.
    private static func checkUsable(_ error: any Error) {
        _ = "\(error)"
        guard let error = error as? AuthError else { return }
        _ = error.description
        _ = error.isTransient
        _ = error.endsSession
    }
}
