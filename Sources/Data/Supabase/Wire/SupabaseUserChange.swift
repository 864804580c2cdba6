import AuthJWT

/// The body of `PUT /user` (GoTrue `UserUpdateParams`): the fields to change, and the
/// reauthentication `nonce` a password change may need.
package struct SupabaseUserChange: Encodable, Hashable, Sendable {
    package var email: String?
    package var password: String?
    package var nonce: String?
    package var data: JSONObject?

    package init(email: String? = nil, password: String? = nil, nonce: String? = nil, data: JSONObject? = nil) {
        self.email = email
        self.password = password
        self.nonce = nonce
        self.data = data
    }
}
