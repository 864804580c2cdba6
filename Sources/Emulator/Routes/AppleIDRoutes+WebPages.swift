import AuthData
import AuthDomain
import AuthJWT
import AuthSimulation
import Foundation

/// The Sign in with Apple web pages: the Apple ID step, the first-time sheet or Continue, and
/// the answer to the redirect URI (`form_post` or a query).
extension AppleIDRoutes {
    func authorizePage(_ request: EmulatorRequest) async -> EmulatorResponse {
        let authorize: ProviderAuthorizeRequest
        do { authorize = try ProviderAuthorizeRequest(request.query, host: request.headers["host"]) } catch {
            return .html(ProviderPages.refusal(error, provider: "Sign in with Apple"), status: 400)
        }
        guard let appleID = request.query["apple_id"].flatMap({ try? EmailAddress.normalized($0) }) else {
            return .html(AppleSignInPages.appleIDStep(authorize))
        }
        let firstTime = await apple.isFirstAuthorization(appleID: appleID, clientID: authorize.clientID)
        let relay = firstTime ? await apple.relayAddress(appleID: appleID) : nil
        return .html(AppleSignInPages.consentStep(authorize, appleID: appleID, firstTime: firstTime, relayAddress: relay))
    }

    func authorizeDecision(_ request: EmulatorRequest) async -> EmulatorResponse {
        guard let form = request.formFields else { return Self.notAForm }
        let authorize: ProviderAuthorizeRequest
        do { authorize = try ProviderAuthorizeRequest(form, host: request.headers["host"]) } catch {
            return .html(ProviderPages.refusal(error, provider: "Sign in with Apple"), status: 400)
        }
        var answer: [(String, String)] = []
        if form["decision"] == "cancel" {
            answer = [("error", "user_cancelled_authorize")]
        } else {
            let given = form["first_name"].flatMap { $0.isEmpty ? nil : $0 }
            let name = PersonName(givenName: given, familyName: form["last_name"].flatMap { $0.isEmpty ? nil : $0 })
            do {
                let response = try await apple.authorize(
                    AppleSheetRequest(
                        clientID: authorize.clientID, appleID: form["apple_id"], name: name.formatted == nil ? nil : name,
                        hideEmail: form["email_choice"] == "hide", nonce: authorize.nonce, cancel: false, redirectURI: authorize.redirectURI
                    ))
                answer = [("code", response.authorizationCode), ("id_token", response.identityToken)]
                if let user = Self.userField(response, asked: authorize) { answer.append(("user", user)) }
            } catch {
                answer = [("error", Self.name(of: error))]
            }
        }
        if let state = authorize.state { answer.insert(("state", state), at: answer.count > 1 ? 2 : 1) }
        if authorize.responseMode == "form_post" || authorize.scope != nil {
            return .html(AppleSignInPages.formPost(to: authorize.redirectURI, fields: answer))
        }
        return .redirect(authorize.redirectURI, with: answer)
    }

    /// Apple's `user` field: name and email, on the first authorization only, as JSON.
    private static func userField(_ response: AppleSheetResponse, asked request: ProviderAuthorizeRequest) -> String? {
        var user: JSONObject = [:]
        if request.asks(for: "name"), let name = response.fullName {
            user["name"] = .object([
                "firstName": name.givenName.map(JSONValue.string) ?? .string(""),
                "lastName": name.familyName.map(JSONValue.string) ?? .string(""),
            ])
        }
        if request.asks(for: "email"), let email = response.email { user["email"] = .string(email) }
        return user.isEmpty ? nil : user.jsonString
    }
}
