import AuthenticationServices
import UIKit

/// The window the system sheets (Apple's, the browser's) are shown over.
@MainActor
enum PresentationAnchor {
    static func keyWindow() -> ASPresentationAnchor {
        let windows = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }.flatMap(\.windows)
        return windows.first(where: \.isKeyWindow) ?? windows.first ?? ASPresentationAnchor()
    }
}
