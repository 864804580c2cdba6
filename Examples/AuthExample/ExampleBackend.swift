/// Which auth service the example talks to.
enum ExampleBackend: String, CaseIterable, Identifiable, Sendable {
    case supabase
    case firebase

    var id: String { rawValue }

    var name: String {
        switch self {
        case .supabase: "Supabase"
        case .firebase: "Firebase"
        }
    }
}
