/// The parameters of `POST /verify` (`VerifyParams` in GoTrue's `api/verify.go`).
package struct SupabaseVerifyRequest: Sendable, Hashable {
    package var type: String?
    package var email: String?
    package var phone: String?
    package var token: String?
    package var tokenHash: String?
    package var redirectTo: String?

    package init(
        type: String?, email: String? = nil, phone: String? = nil, token: String? = nil, tokenHash: String? = nil, redirectTo: String? = nil
    ) {
        self.type = type
        self.email = email
        self.phone = phone
        self.token = token
        self.tokenHash = tokenHash
        self.redirectTo = redirectTo
    }
}
