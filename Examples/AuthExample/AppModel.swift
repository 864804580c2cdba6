import Foundation

/// Holds the settings and the composition made from them; a change of settings makes a new
/// composition (a new backend, store and coordinator) and the views follow it.
@MainActor
final class AppModel: ObservableObject {
    @Published private(set) var composition: AuthComposition
    @Published var settings: ExampleSettings {
        didSet {
            guard settings != oldValue else { return }
            settings.save(to: defaults)
            composition = AuthComposition(settings: settings, defaults: defaults)
        }
    }

    private let defaults: UserDefaults

    init(defaults: UserDefaults = .standard) {
        let settings = ExampleSettings.load(from: defaults)
        self.defaults = defaults
        self.settings = settings
        self.composition = AuthComposition(settings: settings, defaults: defaults)
    }
}
