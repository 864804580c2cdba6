import AuthEmulator
import AuthJWT
import AuthSimulation
import Foundation
import Testing

/// Identity Platform's provider configs through the admin v2 routes, with the requests
/// firebase-admin-python sends (firebase_admin/_auth_providers.py `ProviderConfigClient`: the id in
/// `?oauthIdpConfigId=` / `?inboundSamlConfigId=`, `PATCH` with `updateMask` from
/// `_auth_utils.build_update_mask`, `list` with `pageSize` and `pageToken`) and Google's rules from the
/// reference of `projects.oauthIdpConfigs` and `projects.inboundSamlConfigs` (the resource `name`,
/// `CONFIGURATION_NOT_FOUND` for an unknown id, which the SDK maps to `ConfigurationNotFoundError`).
@Suite("Emulator: Firebase OIDC and SAML provider configs")
struct FirebaseIdpConfigRouteTests {
    private static let owner = ["authorization": "Bearer owner"]
    private static let oidc =
        #"{"clientId":"CLIENT","issuer":"https://oidc.example.com/issuer","displayName":"Corp","enabled":true,"#
        + #""responseType":{"idToken":true,"code":false}}"#
    private static let certificate = #"[{"x509Certificate":"-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----"}]"#
    private static let saml = #"""
        {"idpConfig":{"idpEntityId":"IDP","ssoUrl":"https://idp.example.com/login","idpCertificates":CERTIFICATES},
         "spConfig":{"spEntityId":"RP","callbackUri":"https://demo.firebaseapp.com/__/auth/handler"},"displayName":"SAML","enabled":true}
        """#.replacingOccurrences(of: "CERTIFICATES", with: Self.certificate)

    private func path(_ sut: EmulatorHarness, _ collection: String, version: String = "v2") -> String {
        "/identitytoolkit.googleapis.com/\(version)/projects/\(sut.project)/\(collection)"
    }

    private func create(_ sut: EmulatorHarness, oidc id: String, json: String = Self.oidc) async -> EmulatorResponse {
        await sut.send("POST", path(sut, "oauthIdpConfigs") + "?oauthIdpConfigId=\(id)", json: json, headers: Self.owner)
    }

    @Test("OIDC: create answers the resource with its name; get, patch by updateMask, delete; then CONFIGURATION_NOT_FOUND")
    func oidcLifecycle() async throws {
        let sut = try await EmulatorHarness.make()
        let created = await create(sut, oidc: "oidc.corp")
        #expect(created.status == 200)
        #expect(created.object["name"]?.stringValue == "projects/\(sut.project)/oauthIdpConfigs/oidc.corp")
        #expect(created.object["clientId"]?.stringValue == "CLIENT")
        #expect(created.object["clientSecret"] == nil)
        #expect(created.object["responseType"]?.objectValue?["idToken"]?.boolValue == true)

        let item = path(sut, "oauthIdpConfigs") + "/oidc.corp"
        #expect(await sut.send("GET", item, headers: Self.owner).object == created.object)
        let mask = "clientSecret,displayName,enabled,responseType.code,responseType.idToken"
        let body = #"{"clientSecret":"SECRET","displayName":null,"enabled":false,"responseType":{"idToken":false,"code":true}}"#
        let patched = await sut.send("PATCH", item + "?updateMask=\(mask)", json: body, headers: Self.owner)
        #expect(patched.status == 200)
        #expect(patched.object["clientSecret"]?.stringValue == "SECRET")
        #expect(patched.object["displayName"] == nil, "a masked field sent as null is cleared")
        #expect(patched.object["enabled"]?.boolValue == false)
        #expect(patched.object["responseType"]?.objectValue?["code"]?.boolValue == true)
        #expect(patched.object["clientId"]?.stringValue == "CLIENT", "a field outside the mask stays")

        #expect(await sut.send("DELETE", item, headers: Self.owner).status == 200)
        let gone = await sut.send("GET", item, headers: Self.owner)
        #expect(gone.status == 404 && gone.firebaseMessage == "CONFIGURATION_NOT_FOUND")
        #expect(await sut.send("DELETE", item, headers: Self.owner).firebaseMessage == "CONFIGURATION_NOT_FOUND")
        #expect(await sut.send("PATCH", item + "?updateMask=enabled", json: "{}", headers: Self.owner).status == 404)
    }

    @Test("SAML: the Admin SDK's create and a nested patch; admin/v2 serves the same configs")
    func samlLifecycle() async throws {
        let sut = try await EmulatorHarness.make()
        let created = await sut.send(
            "POST", path(sut, "inboundSamlConfigs") + "?inboundSamlConfigId=saml.corp",
            json: Self.saml, headers: Self.owner)
        #expect(created.status == 200)
        #expect(created.object["name"]?.stringValue == "projects/\(sut.project)/inboundSamlConfigs/saml.corp")
        let idp = created.object["idpConfig"]?.objectValue
        #expect(idp?["idpCertificates"]?.arrayValue?.first?.objectValue?["x509Certificate"]?.stringValue?.hasPrefix("-----BEGIN") == true)
        #expect(created.object["spConfig"]?.objectValue?["spEntityId"]?.stringValue == "RP")

        let item = path(sut, "inboundSamlConfigs", version: "admin/v2") + "/saml.corp"
        let body = #"{"idpConfig":{"ssoUrl":"https://idp.example.com/updated"}}"#
        let patched = await sut.send("PATCH", item + "?updateMask=idpConfig.ssoUrl", json: body, headers: Self.owner)
        #expect(patched.object["idpConfig"]?.objectValue?["ssoUrl"]?.stringValue == "https://idp.example.com/updated")
        #expect(patched.object["idpConfig"]?.objectValue?["idpEntityId"]?.stringValue == "IDP")
        let list = await sut.send("GET", path(sut, "inboundSamlConfigs") + "?pageSize=100", headers: Self.owner)
        #expect(list.object["inboundSamlConfigs"]?.arrayValue?.count == 1)
    }

    @Test("refusals: prefix, duplicate id, missing required fields, bad URL, unknown updateMask path, no owner")
    func refusals() async throws {
        let sut = try await EmulatorHarness.make()
        #expect(await create(sut, oidc: "saml.wrong").firebaseMessage?.hasPrefix("INVALID_PROVIDER_ID") == true)
        #expect(await create(sut, oidc: "oidc.").firebaseMessage?.hasPrefix("INVALID_PROVIDER_ID") == true)
        let long = "oidc." + String(repeating: "a", count: 200)
        #expect(await create(sut, oidc: long).firebaseMessage?.hasPrefix("INVALID_PROVIDER_ID") == true)
        #expect(
            await create(sut, oidc: "oidc.a", json: #"{"issuer":"https://x.example.com"}"#).firebaseMessage
                == "INVALID_CONFIG : clientId is required")
        #expect(
            await create(sut, oidc: "oidc.a", json: #"{"clientId":"C","issuer":"not a url"}"#).firebaseMessage?
                .hasPrefix("INVALID_CONFIG : issuer") == true)
        let codeFlow = #"{"clientId":"C","issuer":"https://x.example.com","responseType":{"code":true}}"#
        #expect(
            await create(sut, oidc: "oidc.a", json: codeFlow).firebaseMessage
                == "INVALID_CONFIG : clientSecret is required for the code flow")
        #expect(await create(sut, oidc: "oidc.a").status == 200)
        let duplicate = await create(sut, oidc: "oidc.a")
        #expect(duplicate.status == 409 && duplicate.firebaseMessage?.hasPrefix("ALREADY_EXISTS") == true)
        let item = path(sut, "oauthIdpConfigs") + "/oidc.a"
        #expect(
            await sut.send("PATCH", item + "?updateMask=color", json: "{}", headers: Self.owner).firebaseMessage?
                .hasPrefix("INVALID_ARGUMENT") == true)
        #expect(
            await sut.send("PATCH", item + "?updateMask=clientId", json: "{}", headers: Self.owner).firebaseMessage
                == "INVALID_CONFIG : clientId is required", "a required field named by the mask and left out would be cleared")
        #expect(await sut.send("GET", item).status == 401)
        let samlWithoutCerts = Self.saml.replacingOccurrences(of: Self.certificate, with: "[]")
        let refused = await sut.send(
            "POST", path(sut, "inboundSamlConfigs") + "?inboundSamlConfigId=saml.x",
            json: samlWithoutCerts, headers: Self.owner)
        #expect(refused.firebaseMessage?.hasPrefix("INVALID_CONFIG : idpConfig.idpCertificates") == true)
    }

    @Test("list pages in id order with pageSize and nextPageToken; a page size over 100 is refused")
    func paging() async throws {
        let sut = try await EmulatorHarness.make()
        for id in ["oidc.c", "oidc.a", "oidc.b"] { #expect(await create(sut, oidc: id).status == 200) }
        var ids: [String] = []
        var token: String?
        for _ in 0..<5 {
            let query = "?pageSize=2" + (token.map { "&pageToken=\($0)" } ?? "")
            let page = await sut.send("GET", path(sut, "oauthIdpConfigs") + query, headers: Self.owner)
            let names = page.object["oauthIdpConfigs"]?.arrayValue?.compactMap { $0.objectValue?["name"]?.stringValue } ?? []
            ids += names.compactMap { $0.split(separator: "/").last.map(String.init) }
            token = page.object["nextPageToken"]?.stringValue
            if token == nil { break }
        }
        #expect(ids == ["oidc.a", "oidc.b", "oidc.c"])
        #expect(
            await sut.send("GET", path(sut, "oauthIdpConfigs") + "?pageSize=101", headers: Self.owner).firebaseMessage?
                .hasPrefix("INVALID_ARGUMENT") == true)
        #expect(await sut.send("GET", path(sut, "inboundSamlConfigs"), headers: Self.owner).object.isEmpty)
    }
}
