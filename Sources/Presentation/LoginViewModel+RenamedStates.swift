extension LoginViewModel.State {
    /// The earlier name of ``awaitingEmailCode(email:)``.
    /// - Parameter email: The address the code went to.
    /// - Returns: ``awaitingEmailCode(email:)``.
    @available(*, deprecated, renamed: "awaitingEmailCode(email:)")
    public static func awaitingCode(email: String) -> Self { .awaitingEmailCode(email: email) }
}
