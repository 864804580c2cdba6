/// What the simulated identity providers' sign-in pages share: the page for a request refused
/// outright, and the hidden fields that carry a request through the pages.
enum ProviderPages {
    /// A request the provider refuses outright (its redirect URI is not trusted).
    /// - Parameters:
    ///   - refusal: What is wrong with the request.
    ///   - provider: The provider's name as its page shows it ("Sign in with Apple", "Google").
    /// - Returns: The page.
    static func refusal(_ refusal: ProviderAuthorizeRequest.Refusal, provider: String) -> HTML {
        PageLayout.page(
            title: "\(provider): \(refusal.error)",
            body: """
                <h1>\(provider)</h1>
                <p class="error"><strong>\(refusal.error)</strong>: \(refusal.description)</p>
                """)
    }

    /// Hidden fields carrying the request through the pages.
    /// - Parameter fields: Name and value of each field.
    /// - Returns: The inputs.
    static func hidden(_ fields: [(String, String)]) -> HTML {
        "\(fields.map { name, value -> HTML in "<input type=\"hidden\" name=\"\(name)\" value=\"\(value)\">\n" })"
    }
}
