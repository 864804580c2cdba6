import AuthSwiftUI
import SwiftUI

/// The signed-in app: a home tab, the package's account screen, and the settings.
@MainActor
struct MainView: View {
    let composition: AuthComposition
    @Binding var settings: ExampleSettings

    var body: some View {
        TabView {
            NavigationStack {
                Text("You're signed in.").font(.title2).navigationTitle("Home")
            }
            .tabItem { Label("Home", systemImage: "house") }
            NavigationStack {
                AccountScreen(model: composition.account).navigationTitle("Account")
            }
            .tabItem { Label("Account", systemImage: "person.crop.circle") }
            NavigationStack {
                SettingsView(settings: $settings)
            }
            .tabItem { Label("Settings", systemImage: "gear") }
        }
    }
}
