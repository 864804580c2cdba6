import AuthSwiftUI
import SwiftUI

/// The screen for the current route.
@MainActor
struct RootView: View {
    @ObservedObject var model: AppModel

    var body: some View {
        RoutedView(composition: model.composition, settings: $model.settings)
            // A new composition (settings changed) is a new view: its router starts from launch.
            .id(ObjectIdentifier(model.composition.router))
    }
}
