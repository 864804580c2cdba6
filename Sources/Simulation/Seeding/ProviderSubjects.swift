import Foundation

/// The people the simulated Apple ID and Google take up from imported identities, so that the same
/// person (the same Apple ID or Google address) gets the same `sub` after an import: the simulated
/// Apple keys its accounts by Apple ID and gives each a team-scoped subject
/// (``SimulatedAppleID``), the simulated Google keys them by address (``SimulatedGoogle``). An
/// identity without an address names no person these sheets can be asked for, and is skipped; a
/// relay address (Hide My Email) becomes an Apple ID of its own.
struct ProviderSubjects {
    struct Person: Hashable {
        let email: String
        let subject: String
    }

    private(set) var apple: [Person: UserSeedError] = [:]
    private(set) var google: [Person: UserSeedError] = [:]

    /// Notes an identity.
    /// - Parameters:
    ///   - provider: `apple`/`apple.com` or `google`/`google.com`; others are ignored.
    ///   - subject: The identity's `sub`.
    ///   - email: Its address.
    ///   - place: The row, for errors.
    mutating func add(provider: String, subject: String, email: String?, place: UserSeedError) {
        guard let email = email?.lowercased(), !email.isEmpty else { return }
        switch provider {
        case "apple", "apple.com": apple[Person(email: email, subject: subject)] = place
        case "google", "google.com": google[Person(email: email, subject: subject)] = place
        default: break
        }
    }

    /// Refuses a person who has another subject already, in the file or in the simulated providers.
    /// - Parameter rows: The storage step's rows.
    func check(_ rows: any SimulationRows) throws(UserSeedError) {
        let appleSubject = { (email: String) in rows.appleID.account(appleID: email)?.subject }
        let googleSubject = { (email: String) in rows.google.account(email: email)?.subject }
        for (people, existing) in [(apple, appleSubject), (google, googleSubject)] {
            var seen: [String: String] = [:]
            for (person, place) in people {
                let other = seen.updateValue(person.subject, forKey: person.email)
                if let other, other != person.subject { throw Self.conflict(place, person) }
                if let subject = existing(person.email), subject != person.subject { throw Self.conflict(place, person) }
            }
        }
    }

    /// Writes the people the providers do not know yet.
    /// - Parameter rows: The storage step's rows.
    func write(_ rows: any SimulationRows) {
        for person in apple.keys where rows.appleID.account(appleID: person.email) == nil {
            let relay = person.email.hasSuffix("@privaterelay.appleid.com") ? person.email : RandomIdentifiers.appleRelayAddress()
            rows.appleID.insert(AppleIDState.Account(appleID: person.email, subject: person.subject, relayAddress: relay))
        }
        for person in google.keys where rows.google.account(email: person.email) == nil {
            rows.google.insert(SimulatedGoogle.Account(email: person.email, subject: person.subject))
        }
    }

    private static func conflict(_ place: UserSeedError, _ person: Person) -> UserSeedError {
        var error = place
        error.message = "the identity's address is another person's (another sub) at this identity provider"
        return error
    }
}
