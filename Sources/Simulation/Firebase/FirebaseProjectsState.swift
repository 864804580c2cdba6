/// What the Firebase-like engine remembers, one store per project id, as the state file keeps it:
/// `{"projects": {"<project id>": {users…}}}`.
///
/// A state file written before the stores were per project has the one store's fields right here
/// (`{"users": …}`) and names no project; it is read into ``unassigned`` and given to the default
/// project, which is where every request went then.
package struct FirebaseProjectsState: Codable, Sendable {
    /// Each project's state, by project id.
    package var projects: [String: FirebaseState] = [:]
    /// The single store of an older state file, until the default project takes it.
    package var unassigned: FirebaseState?

    /// Nothing remembered yet.
    package init() {}

    /// The state of a project: its own, else (for the default project) an older file's.
    /// - Parameters:
    ///   - projectID: The project.
    ///   - isDefault: Whether it is the default project.
    /// - Returns: The state; empty for a project never seen.
    package func state(of projectID: String, isDefault: Bool) -> FirebaseState {
        projects[projectID] ?? (isDefault ? unassigned : nil) ?? FirebaseState()
    }

    private enum CodingKeys: String, CodingKey { case projects, unassigned }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if container.contains(.projects) {
            projects = try container.decode([String: FirebaseState].self, forKey: .projects)
            unassigned = try container.decodeIfPresent(FirebaseState.self, forKey: .unassigned)
        } else {
            unassigned = try FirebaseState(from: decoder)
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(projects, forKey: .projects)
        try container.encodeIfPresent(unassigned, forKey: .unassigned)
    }
}
