import AuthDomain
import AuthJWT

/// The Admin API's create: `POST /v1/projects/{project}/accounts` with `email`, `password`,
/// `emailVerified`, `displayName` and `phoneNumber` (Google's Identity Toolkit reference,
/// `projects.accounts`; firebase-tools src/emulator/auth/operations.ts `signUp` with OAuth
/// credentials), then `accounts:lookup` for the whole user.
extension FirebaseUserAdmin: UserCreating {
    func createUser(_ user: NewAdminUser) async throws(AuthError) -> AdminUser {
        var body: JSONObject = [
            "email": .string(user.email), "password": .string(user.password.revealed), "emailVerified": .bool(user.confirmed),
        ]
        if let name = user.name?.formatted { body["displayName"] = .string(name) }
        if let phone = user.phone { body["phoneNumber"] = .string(phone) }
        let (created, _) = try await http.send("POST", try url("accounts"), headers: headers, body: body)
        guard let localId = created["localId"]?.stringValue, !localId.isEmpty else {
            throw .backend(BackendError(code: "unexpected_response", message: "the create answer has no localId", status: 200))
        }
        return try await self.user(id: localId)
    }
}
