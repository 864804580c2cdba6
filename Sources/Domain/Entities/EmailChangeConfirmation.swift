/// What confirming one address of a change of address did.
public enum EmailChangeConfirmation: Hashable, Sendable {
    /// One of the two addresses of a secure change is confirmed; the code mailed to the other
    /// is still due (GoTrue's "Confirmation link accepted. Please proceed to confirm link sent
    /// to the other email").
    case otherAddressPending
    /// The address changed. The backend signed in again: the update carries the new session.
    case changed(AccountUpdate)
}
