/// This engine's bounds on provider configs. Google documents none of them; they keep every
/// stored config and answer small.
enum FirebaseIdpConfigLimits {
    /// Configs of one kind in a project.
    static let perProject = 100
    /// The characters of an id, prefix included.
    static let id = 128
    /// A string field (a URL, an entity id, a client id or secret), in characters.
    static let text = 2048
    /// Certificates in `idpConfig.idpCertificates`.
    static let certificates = 10
    /// One certificate's PEM text, in bytes.
    static let certificateBytes = 16_384
    /// A list page, and the page when `pageSize` is absent or 0 (the Admin SDKs' maximum).
    static let pageSize = 100
}
