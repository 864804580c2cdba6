#if canImport(SwiftUI)
    import AuthPresentation
    import SwiftUI

    /// One way in on the account screen: its name, its status in words and a symbol of its own
    /// shape (never color alone), and its Link or Unlink button.
    @available(iOS 16.0, macOS 13.0, *)
    @MainActor
    struct LinkedProviderRowView: View {
        let row: LinkedProviderRow
        let action: () -> Void

        var body: some View {
            HStack {
                Image(systemName: row.isLinked ? "checkmark.circle.fill" : "circle")
                    .accessibilityHidden(true)
                VStack(alignment: .leading) {
                    Text(row.name)
                    Text(row.status).font(.footnote).foregroundStyle(.secondary)
                }
                .accessibilityElement(children: .combine)
                Spacer()
                if row.isLoading {
                    ProgressView().accessibilityLabel("Working on \(row.name)")
                } else if let title = row.actionTitle {
                    Button(title, action: action)
                        .buttonStyle(.bordered)
                        .frame(minHeight: 44)
                        .disabled(row.isDisabled)
                        .accessibilityHint(row.disabledReason ?? "")
                }
            }
        }
    }
#endif
