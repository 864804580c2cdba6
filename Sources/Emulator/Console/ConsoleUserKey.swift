import Foundation

/// Names one user of one service in the console: Supabase, or one Firebase project, and the
/// user's id there. In paths the service is `supabase` or `firebase:<project>`:
/// `/console/users/supabase/0b6f…` or `/console/users/firebase:demo-authcoordinator/Xy3…`.
struct ConsoleUserKey: Hashable, Sendable {
    /// The service a user belongs to.
    enum Service: Hashable, Sendable {
        /// The Supabase-like engine.
        case supabase
        /// The Firebase-like engine of a project.
        case firebase(project: String)
    }

    /// The service.
    let service: Service
    /// The user's id (a UUID on Supabase, a `localId` on Firebase).
    let id: String

    /// Names a user.
    /// - Parameters:
    ///   - service: The service.
    ///   - id: The user's id there.
    init(service: Service, id: String) {
        self.service = service
        self.id = id
    }

    /// Reads a key from a path's service segment and id.
    /// - Parameters:
    ///   - segment: `supabase` or `firebase:<project>`.
    ///   - id: The user's id.
    /// - Returns: `nil` for an unknown service or an empty id.
    init?(segment: String, id: String) {
        guard !id.isEmpty else { return nil }
        if segment == "supabase" {
            service = .supabase
        } else if segment.hasPrefix("firebase:"), segment.count > "firebase:".count {
            service = .firebase(project: String(segment.dropFirst("firebase:".count)))
        } else {
            return nil
        }
        self.id = id
    }

    /// The service as a path segment.
    var segment: String {
        switch service {
        case .supabase: "supabase"
        case .firebase(let project): "firebase:" + project
        }
    }

    /// The service's name, for people.
    var serviceName: String {
        switch service {
        case .supabase: "Supabase"
        case .firebase: "Firebase"
        }
    }

    /// The Firebase project, if any.
    var project: String? {
        if case .firebase(let project) = service { return project }
        return nil
    }

    /// The user's page.
    var path: String { "/console/users/" + Self.escape(segment) + "/" + Self.escape(id) }

    private static let segmentCharacters = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/;?#%"))

    private static func escape(_ segment: String) -> String {
        segment.addingPercentEncoding(withAllowedCharacters: segmentCharacters) ?? segment
    }
}
