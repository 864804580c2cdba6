/// The emulator console's reset, on Google's side.
extension SimulatedGoogle {
    /// Forgets every account and pending code (the signing keys stay).
    package func forgetEverything() {
        accounts = [:]
        codes = [:]
    }
}
