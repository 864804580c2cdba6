import AuthTestSupport
import Foundation

@testable import AuthSimulation

/// What the browser-flow suites share: a test world with changed Supabase settings, and reading
/// a value from the URL a flow redirects to.
enum SupabaseBrowserFlowWorld {
    /// A test world whose Supabase settings `change` adjusts.
    static func make(_ change: (inout SupabaseSettings) -> Void = { _ in }) async throws -> TestWorld {
        var setup = SimulationConfiguration()
        change(&setup.supabase)
        return try await TestWorld.make(configuration: setup)
    }

    /// A query value, form-decoded (`+` is a space).
    static func query(_ url: String, _ name: String) -> String? {
        URLComponents(string: url)?.queryItems?.first { $0.name == name }?.value?.replacingOccurrences(of: "+", with: " ")
    }
}
