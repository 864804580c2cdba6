import SwiftUI

/// The backend switch and the "use `login serve` on this Mac" switch, for the simulator.
/// A change takes effect at once with a new composition (and its own stored session).
@MainActor
struct SettingsView: View {
    @Binding var settings: ExampleSettings
    @State private var draft: ExampleSettings

    init(settings: Binding<ExampleSettings>) {
        _settings = settings
        _draft = State(initialValue: settings.wrappedValue)
    }

    var body: some View {
        Form {
            Picker("Backend", selection: $draft.backend) {
                ForEach(ExampleBackend.allCases) { Text($0.name).tag($0) }
            }
            Section {
                Toggle("Use login serve on this Mac", isOn: $draft.usesLocalEmulator)
                if draft.usesLocalEmulator {
                    TextField("Address (host:port)", text: $draft.emulatorAddress)
                        .textInputAutocapitalization(.never)
                        .autocorrectionDisabled()
                        .keyboardType(.URL)
                    if draft.backend == .supabase {
                        TextField("Anon key (printed by login serve)", text: $draft.emulatorAnonKey)
                            .textInputAutocapitalization(.never)
                            .autocorrectionDisabled()
                    }
                }
            } footer: {
                Text(
                    "Run `swift run login serve --port 9999` on the Mac. The simulator reaches it at 127.0.0.1; "
                        + "a device needs `--host` with the Mac's address.")
            }
            Button("Apply") { settings = draft }
                .frame(minHeight: 44)
                .disabled(draft == settings || (draft.usesLocalEmulator && draft.emulatorURL == nil))
        }
        .navigationTitle("Settings")
    }
}
